import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactDialog } from '../../layout/navDialogs';
import { ContactPage } from '../../pages/public/ContactPage';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

const SUCCESS = '¡Mensaje enviado exitosamente! Te contactaremos pronto.';

function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function fillRequired(scope: HTMLElement) {
  await userEvent.type(within(scope).getByLabelText('Nombre'), 'Ana');
  await userEvent.type(within(scope).getByLabelText('Mensaje'), 'Hola{enter}equipo');
  await userEvent.type(within(scope).getByLabelText('Correo electrónico'), 'ana@example.com');
}

describe('ContactPage', () => {
  it('is titled Contacto and the community name, with the right field types', async () => {
    mockFetch();
    renderWithProviders(<ContactPage />);
    expect(await screen.findByRole('heading', { name: 'Contacto Zócalo RP' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Teléfono/)).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Mensaje')).toHaveAttribute('rows', '4');
  });

  it('asks for name, message and email', async () => {
    const fetch = mockFetch();
    renderWithProviders(<ContactPage />);
    await userEvent.click(screen.getByRole('button', { name: /Enviar Mensaje/ }));
    expect(await screen.findByText('Escribe tu nombre')).toBeInTheDocument();
    expect(screen.getByText('Escribe tu mensaje')).toBeInTheDocument();
    expect(screen.getByText('Escribe tu correo electrónico')).toBeInTheDocument();
    expect(screen.queryByText('Escribe el asunto')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/contact'))).toBe(false);
  });

  it('rejects a malformed email and phone', async () => {
    mockFetch();
    renderWithProviders(<ContactPage />);
    await userEvent.type(screen.getByLabelText('Correo electrónico'), 'no-es-correo');
    await userEvent.type(screen.getByLabelText(/^Teléfono/), 'abc');
    await userEvent.click(screen.getByRole('button', { name: /Enviar Mensaje/ }));
    expect(await screen.findByText('Escribe un correo electrónico válido')).toBeInTheDocument();
    expect(screen.getByText('Escribe un teléfono válido')).toBeInTheDocument();
  });

  it('sends without subject and phone, shows Enviando..., then the success text and an empty form', async () => {
    const answer = deferred();
    const fetch = mockFetch({ 'POST /api/contact': () => answer.promise });
    const { container } = renderWithProviders(<ContactPage />);
    await fillRequired(container);
    await userEvent.click(screen.getByRole('button', { name: /Enviar Mensaje/ }));

    expect(await screen.findByRole('button', { name: /Enviando\.\.\./ })).toBeDisabled();
    const call = fetch.mock.calls.find(([url]) => String(url).includes('/api/contact'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Ana', subject: '', message: 'Hola\nequipo', phone: '', email: 'ana@example.com' });
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBeNull();

    answer.resolve(jsonResponse({ message: 'Mensaje enviado' }, 201));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
    expect(screen.getByLabelText('Mensaje')).toHaveValue('');
    expect(screen.getByRole('button', { name: /Enviar Mensaje/ })).toBeEnabled();
  });

  it("shows the server's message, or the default one", async () => {
    mockFetch({ 'POST /api/contact': () => jsonResponse({ message: 'Demasiadas solicitudes. Intenta más tarde.' }, 429) });
    const { container } = renderWithProviders(<ContactPage />);
    await fillRequired(container);
    await userEvent.click(screen.getByRole('button', { name: /Enviar Mensaje/ }));
    expect(await screen.findByText('Demasiadas solicitudes. Intenta más tarde.')).toBeInTheDocument();
  });

  it('falls back to Error al enviar el mensaje', async () => {
    mockFetch({ 'POST /api/contact': () => new Response('oops', { status: 500 }) });
    const { container } = renderWithProviders(<ContactPage />);
    await fillRequired(container);
    await userEvent.click(screen.getByRole('button', { name: /Enviar Mensaje/ }));
    expect(await screen.findByText('Error al enviar el mensaje')).toBeInTheDocument();
  });
});

describe('ContactDialog', () => {
  it('also asks for the subject', async () => {
    const fetch = mockFetch();
    renderWithProviders(<ContactDialog open onClose={() => undefined} communityName="Zócalo RP" />);
    const dialog = await screen.findByRole('dialog', { name: 'Contacto' });
    // The form downloads when the dialog first opens.
    await within(dialog).findByRole('button', { name: /Enviar Mensaje/ });
    await fillRequired(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /Enviar Mensaje/ }));
    expect(await within(dialog).findByText('Escribe el asunto')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/contact'))).toBe(false);
  });

  it('closes two seconds after the message was sent', async () => {
    mockFetch({ 'POST /api/contact': () => jsonResponse({ message: 'ok' }, 201) });
    let closed = 0;
    renderWithProviders(<ContactDialog open onClose={() => (closed += 1)} communityName="Zócalo RP" />);
    const dialog = await screen.findByRole('dialog', { name: 'Contacto' });
    // The form downloads when the dialog first opens.
    await within(dialog).findByRole('button', { name: /Enviar Mensaje/ });
    await fillRequired(dialog);
    await userEvent.type(within(dialog).getByLabelText('Asunto'), 'Dudas');
    await userEvent.click(within(dialog).getByRole('button', { name: /Enviar Mensaje/ }));
    expect(await within(dialog).findByText(SUCCESS)).toBeInTheDocument();
    expect(closed).toBe(0);
    await waitFor(() => expect(closed).toBe(1), { timeout: 3000 });
  });
});
