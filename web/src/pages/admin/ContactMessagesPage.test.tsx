import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { ContactMessage } from '../../api/contactMessages';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { ContactMessagesPage } from './ContactMessagesPage';

const LONG = 'Quiero reportar un problema con mi compra. '.repeat(105).trim(); // about 4,500 characters

const messages: ContactMessage[] = [
  {
    id: 3,
    name: 'Marta López',
    email: 'marta@example.com',
    phone: '+52 55 1234 5678',
    subject: 'Compra del pase VIP',
    message: LONG,
    createdAt: '2025-03-03T18:00:00Z',
  },
  { id: 2, name: 'Luis', email: 'luis@example.com', phone: '', subject: '', message: 'Hola, ¿cómo me uno?', createdAt: '2025-03-02T12:00:00Z' },
];

/** Answers the list, searched by q, paged by page and limit. */
function serve(all: ContactMessage[]) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile()),
    '/api/admin/contact-messages': ({ url }) => {
      const params = new URL(url, 'http://x').searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const page = Number(params.get('page') ?? '1');
      const limit = Number(params.get('limit') ?? '25');
      const found = all.filter((m) => !q || [m.name, m.email, m.subject, m.message].some((field) => field.toLowerCase().includes(q)));
      return jsonResponse({ messages: found.slice((page - 1) * limit, page * limit), total: found.length });
    },
  });
}

// A table's row, or on a phone its card.
const row = (text: string) => screen.getByText(text).closest('tr, li') as HTMLElement;

describe('ContactMessagesPage', () => {
  it('lists the messages with name, email, phone, subject and date', async () => {
    setViewport(1280);
    serve(messages);
    renderWithProviders(<ContactMessagesPage />, '/admin/contact-messages');
    expect(screen.getByRole('heading', { name: 'Mensajes de contacto' })).toBeInTheDocument();
    expect(await screen.findByText('Marta López')).toBeInTheDocument();
    const marta = row('Marta López');
    expect(marta).toHaveTextContent('marta@example.com');
    expect(marta).toHaveTextContent('+52 55 1234 5678');
    expect(marta).toHaveTextContent('Compra del pase VIP');
    expect(within(marta).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute('dateTime', '2025-03-03T18:00:00Z');
    expect(row('Luis')).toHaveTextContent('Sin asunto');
    expect(screen.getByText('2 mensajes')).toBeInTheDocument();
  });

  it('shows the whole message, however long, when a row is expanded', async () => {
    setViewport(1280);
    serve(messages);
    renderWithProviders(<ContactMessagesPage />, '/admin/contact-messages');
    await screen.findByText('Marta López');
    expect(screen.queryByLabelText('Mensaje de Marta López')).not.toBeInTheDocument();
    await userEvent.click(within(row('Marta López')).getByRole('button', { name: 'Ver mensaje' }));
    const text = await screen.findByLabelText('Mensaje de Marta López');
    expect(text.textContent).toBe(LONG);
    expect(text.textContent?.length).toBeGreaterThan(4096);
    expect(screen.getByRole('link', { name: 'marta@example.com' })).toHaveAttribute('href', 'mailto:marta@example.com');
  });

  it('on a phone keeps email and phone for the expanded message', async () => {
    setViewport(390);
    serve(messages);
    renderWithProviders(<ContactMessagesPage />, '/admin/contact-messages');
    await screen.findByText('Marta López');
    expect(row('Marta López')).not.toHaveTextContent('marta@example.com');
    await userEvent.click(within(row('Marta López')).getByRole('button', { name: 'Ver mensaje' }));
    expect(await screen.findByRole('link', { name: 'marta@example.com' })).toBeInTheDocument();
    expect(screen.getByText('+52 55 1234 5678')).toBeInTheDocument();
  });

  it('searches on the server and says when nothing matches', async () => {
    const fetch = serve(messages);
    renderWithProviders(<ContactMessagesPage />, '/admin/contact-messages');
    await screen.findByText('Marta López');
    const search = screen.getByLabelText('Buscar mensajes');
    await userEvent.type(search, 'unirme{Enter}');
    expect(await screen.findByText('Ningún mensaje coincide con la búsqueda')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/admin/contact-messages?page=1&limit=25&q=unirme')).toBe(true);
    await userEvent.clear(search);
    await userEvent.type(search, 'cómo{Enter}');
    expect(await screen.findByText('Luis')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Marta López')).not.toBeInTheDocument());
  });

  it('pages through the messages on the server', async () => {
    const many: ContactMessage[] = Array.from({ length: 30 }, (_, i) => ({
      ...messages[1]!,
      id: 100 - i,
      name: `Persona ${i + 1}`,
    }));
    const fetch = serve(many);
    renderWithProviders(<ContactMessagesPage />, '/admin/contact-messages');
    expect(await screen.findByText('Persona 1')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Persona 26')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/admin/contact-messages?page=2&limit=25')).toBe(true);
  });

  it('says so when no message has arrived', async () => {
    serve([]);
    renderWithProviders(<ContactMessagesPage />, '/admin/contact-messages');
    expect(await screen.findByText('Aún no llegan mensajes de contacto')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the list", async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({
      '/api/auth/profile': () => jsonResponse(profile()),
      '/api/admin/contact-messages': () => jsonResponse({ message: 'Solo la administración puede leer los mensajes de contacto.' }, 403),
    });
    renderWithProviders(<ContactMessagesPage />, '/admin/contact-messages');
    expect(await screen.findByText('Solo la administración puede leer los mensajes de contacto.')).toBeInTheDocument();
  });
});
