import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { DataRequestDecision, HandledDataRequest } from '../../api/personalData';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { ANSWER_FIELD_LABEL, CANCELLATION_WARNING } from './AnswerDataRequestDialog';
import { MINOR_BADGE } from '../../components/dataRequests';
import { DataRequestsPage } from './DataRequestsPage';

function handled(overrides: Partial<HandledDataRequest> = {}): HandledDataRequest {
  return {
    id: 5,
    discordId: '1400000000000000014',
    kind: 'cancelacion',
    reason: 'Ya no juego en la comunidad y quiero que borren mis datos.',
    uses: [],
    state: 'pendiente',
    answer: '',
    kept: [],
    filedAt: '2025-03-03T18:00:00Z',
    dueAt: '2025-03-24T05:59:59Z',
    answeredAt: null,
    businessDaysLeft: 0,
    overdue: true,
    requester: { name: 'jugador_mx', minor: true },
    ...overrides,
  };
}

/** The handlers' list by state; records the answers sent, answered with `answerWith` when given. */
function serve(items: HandledDataRequest[], answerWith?: () => Response) {
  localStorage.setItem(TOKEN_KEY, 'token');
  let all = [...items];
  const answers: { id: string; body: DataRequestDecision }[] = [];
  const lists: string[] = [];
  const fetch = mockFetch({
    '/api/auth/profile': () => jsonResponse(profile()),
    '/api/admin/data-requests': ({ url }) => {
      const state = new URL(url, 'http://x').searchParams.get('state') ?? 'pendiente';
      lists.push(state);
      const found = all.filter((request) => request.state === state);
      return jsonResponse({ items: found, total: found.length });
    },
  });
  const base = fetch.getMockImplementation();
  fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const match = /\/api\/admin\/data-requests\/(\d+)\/answer$/.exec(String(input));
    if (match && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as DataRequestDecision;
      answers.push({ id: match[1] ?? '', body });
      if (answerWith) return answerWith();
      all = all.map((request) =>
        String(request.id) === match[1] ? { ...request, state: body.approve ? 'aprobada' : 'rechazada', answer: body.answer, answeredAt: '2025-03-25T18:00:00Z' } : request,
      );
      return jsonResponse(all.find((request) => String(request.id) === match[1]));
    }
    return base!(input, init);
  });
  return { answers, lists };
}

const row = (text: string) => screen.getByText(text).closest('tr, li') as HTMLElement;

describe('DataRequestsPage', () => {
  it('lists a pending request with its requester, a minor mark, its kind and the overdue deadline', async () => {
    setViewport(1280);
    const { lists } = serve([handled()]);
    renderWithProviders(<DataRequestsPage />, '/admin/datos');
    expect(screen.getByRole('heading', { name: 'Solicitudes de datos personales' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pendientes' })).toHaveAttribute('aria-selected', 'true');
    const request = await waitFor(() => row('jugador_mx'));
    expect(within(request).getByText(MINOR_BADGE)).toBeInTheDocument();
    expect(request).toHaveTextContent('Cancelación');
    expect(request).toHaveTextContent('Ya no juego en la comunidad');
    expect(request).toHaveTextContent('3 de marzo de 2025');
    expect(request).toHaveTextContent('Respuesta a más tardar el 23 de marzo de 2025');
    // In red.
    expect(within(request).getByText('Vencida').closest('.ant-typography-danger')).not.toBeNull();
    expect(lists).toContain('pendiente');
  });

  it('approves with the answer written, warning what a cancellation does, and reads the list again', async () => {
    setViewport(1280);
    const { answers, lists } = serve([handled()]);
    renderWithProviders(<DataRequestsPage />, '/admin/datos');
    await waitFor(() => row('jugador_mx'));
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar la solicitud de jugador_mx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar la solicitud de jugador_mx' });
    expect(within(dialog).getByText(CANCELLATION_WARNING)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: ANSWER_FIELD_LABEL }), 'Tus datos quedan bloqueados desde hoy.');
    const before = lists.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(answers).toEqual([{ id: '5', body: { approve: true, answer: 'Tus datos quedan bloqueados desde hoy.' } }]));
    expect(await screen.findByText('Solicitud de jugador_mx aprobada.')).toBeInTheDocument();
    await waitFor(() => expect(lists.length).toBeGreaterThan(before));
    expect(await screen.findByText('No hay solicitudes pendientes.')).toBeInTheDocument();
  });

  it('shows the refusal of a request answered already, in the dialog', async () => {
    setViewport(1280);
    const { answers } = serve([handled({ kind: 'oposicion', uses: ['recordatorios'], overdue: false, businessDaysLeft: 4 })], () =>
      jsonResponse({ message: 'La solicitud ya fue respondida.' }, 409),
    );
    renderWithProviders(<DataRequestsPage />, '/admin/datos');
    const request = await waitFor(() => row('jugador_mx'));
    expect(request).toHaveTextContent('quedan 4 días hábiles');
    expect(request).toHaveTextContent('Usos: Recordatorios de votación por mensaje directo');
    await userEvent.click(screen.getByRole('button', { name: 'Rechazar la solicitud de jugador_mx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar la solicitud de jugador_mx' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: ANSWER_FIELD_LABEL }), 'Ese aviso es necesario.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('La solicitud ya fue respondida.')).toBeInTheDocument();
    expect(answers).toEqual([{ id: '5', body: { approve: false, answer: 'Ese aviso es necesario.' } }]);
  });

  it('shows the answered ones under their tab, with the answer', async () => {
    setViewport(390);
    serve([handled(), handled({ id: 6, state: 'rechazada', answer: 'No procede.', answeredAt: '2025-03-05T18:00:00Z', requester: { name: '', minor: false } })]);
    renderWithProviders(<DataRequestsPage />, '/admin/datos');
    await waitFor(() => row('jugador_mx'));
    await userEvent.click(screen.getByRole('tab', { name: 'Rechazadas' }));
    // No name known: the Discord id stands in.
    const refused = await waitFor(() => row('No procede.'));
    expect(refused).toHaveTextContent('1400000000000000014');
    expect(within(refused).getByText('Rechazada')).toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: /Aprobar/ })).not.toBeInTheDocument();
  });
});
