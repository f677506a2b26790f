import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { DataRequest, DataRequestInput, PrivacyChoices } from '../../api/personalData';
import { jsonResponse, mockFetch, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { BLOCKED_TEXT, MyDataSection } from './MyDataSection';
import { FILE_REQUEST_BUTTON, REASON_FIELD_LABEL } from './DataRequestForm';
import { NO_REQUESTS_TEXT } from './MyDataRequests';

function dataRequest(overrides: Partial<DataRequest> = {}): DataRequest {
  return {
    id: 1,
    discordId: '1400000000000000014',
    kind: 'rectificacion',
    reason: 'Mi nombre de Roblox está mal escrito en mi expediente.',
    uses: [],
    state: 'pendiente',
    answer: '',
    kept: [],
    filedAt: '2025-03-03T18:00:00Z',
    dueAt: '2025-03-24T05:59:59Z',
    answeredAt: null,
    businessDaysLeft: 3,
    overdue: false,
    ...overrides,
  };
}

const choices = (overrides: Partial<PrivacyChoices> = {}): PrivacyChoices => ({ minor: false, noticeSeen: true, opposed: [], blocked: false, ...overrides });

/** A member's privacy endpoints over a state of their own; records what was sent. */
function serve({ privacy = choices(), requests = [] as DataRequest[], fileAnswer }: { privacy?: PrivacyChoices; requests?: DataRequest[]; fileAnswer?: () => Response } = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  const state = { privacy, requests: [...requests] };
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetch = mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] })),
    'GET /api/me/privacy': () => jsonResponse(state.privacy),
    'PUT /api/me/privacy': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as Partial<PrivacyChoices>;
      sent.push({ method: 'PUT', path: '/api/me/privacy', body });
      state.privacy = { ...state.privacy, ...body };
      return jsonResponse(state.privacy);
    },
    'GET /api/me/data-requests': () => jsonResponse({ items: state.requests }),
    'POST /api/me/data-requests': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as DataRequestInput;
      sent.push({ method: 'POST', path: '/api/me/data-requests', body });
      if (fileAnswer) return fileAnswer();
      const filed = dataRequest({ id: 7, kind: body.kind, reason: body.reason, uses: body.uses ?? [], businessDaysLeft: 20 });
      state.requests = [filed, ...state.requests];
      return jsonResponse(filed, 201);
    },
  });
  return { fetch, sent };
}

describe('MyDataSection', () => {
  it('files an opposition with the uses chosen, then lists it as pending with its deadline', async () => {
    const { sent } = serve();
    renderWithProviders(<MyDataSection />, '/perfil');
    expect(await screen.findByText(NO_REQUESTS_TEXT)).toBeInTheDocument();

    // The uses are asked for an opposition only.
    expect(screen.queryByRole('checkbox', { name: 'Recordatorios de votación por mensaje directo' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Oposición' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Recordatorios de votación por mensaje directo' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Roles y apodo de Discord según tu rango en Roblox' }));
    await userEvent.type(screen.getByRole('textbox', { name: REASON_FIELD_LABEL }), 'No quiero recibir recordatorios por DM.');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(FILE_REQUEST_BUTTON) }));

    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: '/api/me/data-requests',
        body: { kind: 'oposicion', reason: 'No quiero recibir recordatorios por DM.', uses: ['recordatorios', 'rangos'] },
      }),
    );
    const filed = await screen.findByRole('listitem', { name: 'Solicitud de Oposición' });
    expect(within(filed).getByText('Pendiente')).toBeInTheDocument();
    expect(filed).toHaveTextContent('Usos: Recordatorios de votación por mensaje directo y Roles y apodo de Discord según tu rango en Roblox');
    expect(filed).toHaveTextContent('Respuesta a más tardar el 23 de marzo de 2025');
    expect(filed).toHaveTextContent('quedan 20 días hábiles');
    // The form starts over.
    expect(screen.getByRole('textbox', { name: REASON_FIELD_LABEL })).toHaveValue('');
    expect(screen.queryByRole('checkbox', { name: 'Recordatorios de votación por mensaje directo' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a request as it comes", async () => {
    serve({ fileAnswer: () => jsonResponse({ message: 'Ya tienes una solicitud de rectificación pendiente.' }, 409) });
    renderWithProviders(<MyDataSection />, '/perfil');
    await userEvent.click(await screen.findByRole('radio', { name: 'Rectificación' }));
    await userEvent.type(screen.getByRole('textbox', { name: REASON_FIELD_LABEL }), 'Mi nombre está mal escrito.');
    await userEvent.click(screen.getByRole('button', { name: new RegExp(FILE_REQUEST_BUTTON) }));
    expect(await screen.findByText('Ya tienes una solicitud de rectificación pendiente.')).toBeInTheDocument();
  });

  it('sends the age as the member ticks "Soy menor de 18 años"', async () => {
    const { sent } = serve();
    renderWithProviders(<MyDataSection />, '/perfil');
    const minor = await screen.findByRole('checkbox', { name: 'Soy menor de 18 años' });
    await waitFor(() => expect(minor).toBeEnabled());
    expect(minor).not.toBeChecked();
    await userEvent.click(minor);
    await waitFor(() => expect(sent).toContainEqual({ method: 'PUT', path: '/api/me/privacy', body: { minor: true } }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Soy menor de 18 años' })).toBeChecked());
  });

  it('shows a blocked account, the uses opposed, answers and what a cancellation keeps', async () => {
    serve({
      privacy: choices({ blocked: true, opposed: ['tickets'] }),
      requests: [
        dataRequest({
          id: 2,
          kind: 'cancelacion',
          state: 'aprobada',
          answer: 'Aprobada: tus datos quedan bloqueados.',
          answeredAt: '2025-03-10T18:00:00Z',
          kept: [{ title: 'Ventas', why: 'Obligación fiscal de cinco años' }],
        }),
        dataRequest({ id: 1, overdue: true, businessDaysLeft: 0 }),
      ],
    });
    renderWithProviders(<MyDataSection />, '/perfil');
    expect(await screen.findByText(BLOCKED_TEXT)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Usos a los que te opusiste' })).getByText('Avisos de respuestas a tus tickets por mensaje directo')).toBeInTheDocument();

    const cancellation = await screen.findByRole('listitem', { name: 'Solicitud de Cancelación' });
    expect(within(cancellation).getByText('Aprobada')).toBeInTheDocument();
    expect(cancellation).toHaveTextContent('Aprobada: tus datos quedan bloqueados.');
    expect(cancellation).toHaveTextContent('Se conserva: Ventas — Obligación fiscal de cinco años');
    expect(cancellation).not.toHaveTextContent('Respuesta a más tardar');

    const late = screen.getByRole('listitem', { name: 'Solicitud de Rectificación' });
    expect(within(late).getByText('Vencida')).toBeInTheDocument();
  });
});
