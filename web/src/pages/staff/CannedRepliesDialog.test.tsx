import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { CannedReply } from '../../api/types';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CannedRepliesDialog } from './CannedRepliesDialog';

function serve(initial: CannedReply[]) {
  let list = initial;
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ username: 'soporte' })),
    'GET /api/tickets/canned-replies': () => jsonResponse({ cannedReplies: list }),
    'POST /api/tickets/canned-replies': async ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { name: string; content: string };
      if (list.some((reply) => reply.name.toLowerCase() === body.name.toLowerCase())) {
        return jsonResponse({ message: 'Ya hay una respuesta predefinida con ese nombre.' }, 409);
      }
      const created = { id: String(list.length + 1), ...body };
      list = [...list, created];
      return jsonResponse({ cannedReply: created }, 201);
    },
    'DELETE /api/tickets/canned-replies/1': () => {
      list = list.filter((reply) => reply.id !== '1');
      return jsonResponse({ message: 'Respuesta predefinida eliminada.' });
    },
  });
}

describe('CannedRepliesDialog', () => {
  it("creates a reply, shows the server's refusal of a name in use, and deletes one after confirming", async () => {
    const fetch = serve([{ id: '1', name: 'Reinicio', content: 'Cierra el juego y vuelve a entrar.' }]);
    renderWithProviders(<CannedRepliesDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Respuestas predefinidas' });
    expect(await within(dialog).findByText('Cierra el juego y vuelve a entrar.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: /Nueva respuesta/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre de la respuesta' }), 'reinicio');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Texto de la respuesta' }), 'Otro texto');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya hay una respuesta predefinida con ese nombre.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Nombre de la respuesta' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nombre de la respuesta' }), 'Saludo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Saludo')).toBeInTheDocument();
    const creates = fetch.mock.calls.filter(([url, init]) => String(url) === '/api/tickets/canned-replies' && init?.method === 'POST');
    expect(new Headers(creates.at(-1)?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar Reinicio' }));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(within(dialog).queryByText('Cierra el juego y vuelve a entrar.')).not.toBeInTheDocument());
  });
});
