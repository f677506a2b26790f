import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ArtistDialog } from '../../layout/navDialogs';
import { ArtistApplicationPage } from '../../pages/public/ArtistApplicationPage';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

const SUCCESS = 'Tu aplicación ha sido enviada exitosamente. Te contactaremos pronto.';

async function fill() {
  await userEvent.type(screen.getByLabelText('Gmail'), 'artista@gmail.com');
  await userEvent.type(screen.getByLabelText('Teléfono'), '55 1234 5678');
}

const submitButton = () => screen.getByRole('button', { name: /Enviar Aplicación|Enviando\.\.\./ });

describe('ArtistApplicationPage', () => {
  it('is titled Convocatoria de Dibujantes, with a Gmail field of email type and the terms linking the privacy policy', async () => {
    mockFetch();
    renderWithProviders(<ArtistApplicationPage />);
    expect(screen.getByRole('heading', { name: 'Convocatoria de Dibujantes' })).toBeInTheDocument();
    expect(screen.getByLabelText('Gmail')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('type', 'tel');
    const terms = screen.getByRole('checkbox');
    expect(terms.closest('label')).toHaveTextContent(/se almacenen de forma temporal/);
    expect(terms.closest('label')).toHaveTextContent(/se conserven si resulto seleccionado/);
    expect(screen.getByRole('link', { name: 'Política de Privacidad' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('keeps submit disabled until the terms are accepted', async () => {
    mockFetch();
    renderWithProviders(<ArtistApplicationPage />);
    await fill();
    expect(submitButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(submitButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(submitButton()).toBeDisabled();
  });

  it('asks for the email and the phone', async () => {
    mockFetch();
    renderWithProviders(<ArtistApplicationPage />);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(submitButton());
    expect(await screen.findByText('Escribe tu correo de Gmail')).toBeInTheDocument();
    expect(screen.getByText('Escribe tu teléfono')).toBeInTheDocument();
  });

  it('sends, shows Enviando... while sending, then the success text and an empty form', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = mockFetch({ 'POST /api/artists/submit': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<ArtistApplicationPage />);
    await fill();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveTextContent('Enviando...'));
    expect(submitButton()).toBeDisabled();
    const call = fetch.mock.calls.find(([url]) => String(url).includes('/api/artists/submit'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'artista@gmail.com', phone: '55 1234 5678', acceptedTerms: true });

    answer(jsonResponse({ message: 'ok' }, 201));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByLabelText('Gmail')).toHaveValue('');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(submitButton()).toBeDisabled();
  });

  it("shows the server's message, or Error al enviar la aplicación", async () => {
    mockFetch({ 'POST /api/artists/submit': () => jsonResponse({ message: 'Escribe un teléfono válido.' }, 400) });
    renderWithProviders(<ArtistApplicationPage />);
    await fill();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(submitButton());
    expect(await screen.findByText('Escribe un teléfono válido.')).toBeInTheDocument();
  });

  it('falls back to Error al enviar la aplicación', async () => {
    mockFetch({ 'POST /api/artists/submit': () => new Response('', { status: 502 }) });
    renderWithProviders(<ArtistApplicationPage />);
    await fill();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(submitButton());
    expect(await screen.findByText('Error al enviar la aplicación')).toBeInTheDocument();
  });
});

describe('ArtistDialog', () => {
  it('closes two seconds after the application was sent', async () => {
    mockFetch({ 'POST /api/artists/submit': () => jsonResponse({ message: 'ok' }, 201) });
    let closed = 0;
    renderWithProviders(<ArtistDialog open onClose={() => (closed += 1)} communityName="Zócalo RP" />);
    const dialog = await screen.findByRole('dialog', { name: 'Convocatoria de Dibujantes' });
    // The form downloads when the dialog first opens.
    await within(dialog).findByRole('button', { name: /Enviar Aplicación/ });
    await fill();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: /Enviar Aplicación/ }));
    expect(await within(dialog).findByText(SUCCESS)).toBeInTheDocument();
    expect(closed).toBe(0);
    await waitFor(() => expect(closed).toBe(1), { timeout: 3000 });
  });
});
