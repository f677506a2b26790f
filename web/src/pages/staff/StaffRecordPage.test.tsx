import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { StaffMemberRecord } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { rosterAnswer } from '../../test/staffRoster';
import { StaffTable } from './StaffTable';
import { ENTRY_TEXT_RULE, NO_NOTES_TEXT, NO_WARNINGS_TEXT, STAFF_RECORD_FORBIDDEN, STAFF_RECORD_NOT_FOUND, StaffRecordPage, WARN_SAVED } from './StaffRecordPage';

const rh = profile({ username: 'rh', discordId: '1400000000000000002', discordRoles: [roleIds.RH] });
const MEMBER = '1400000000000000005';
const PATH = `/api/staff/members/${MEMBER}`;

function memberRecord(overrides: Partial<StaffMemberRecord> = {}): StaffMemberRecord {
  return {
    userId: MEMBER,
    username: 'moderadora',
    avatar: '',
    hiredAt: '2025-01-15T06:00:00Z',
    active: true,
    dismissedAt: null,
    dismissedBy: '',
    dismissReason: '',
    totalSeconds: 9 * 3600 + 30 * 60,
    weekSeconds: 2 * 3600,
    notes: [{ id: 1, kind: 'note', text: 'Buen trato con los jugadores.', author: 'comite', createdAt: '2025-02-01T18:00:00Z' }],
    warnings: [
      { id: 3, kind: 'warn', text: 'Segundo aviso.', author: 'rh', createdAt: '2025-02-12T18:00:00Z' },
      { id: 2, kind: 'warn', text: 'Primer aviso.', author: 'rh', createdAt: '2025-02-10T18:00:00Z' },
    ],
    canSetHired: true,
    ...overrides,
  };
}

type Handlers = Parameters<typeof mockFetch>[0];

function serve(extra: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(rh),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    [PATH]: () => jsonResponse(memberRecord()),
    ...extra,
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/staff/:userId" element={<StaffRecordPage />} />
    </Routes>,
    `/staff/${MEMBER}`,
  );
}

describe('StaffRecordPage', () => {
  it('shows the record, the hours and the warnings and notes, newest first, with who wrote them', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Expediente de staff: moderadora' })).toBeInTheDocument();
    expect(screen.getByText('Activo')).toBeInTheDocument();
    expect(screen.getByText('9 h 30 min')).toBeInTheDocument();
    expect(screen.getByText('2 h')).toBeInTheDocument();
    const warnings = screen.getByRole('region', { name: 'Advertencias' });
    const items = within(warnings).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Segundo aviso.');
    expect(items[1]).toHaveTextContent('Primer aviso.');
    expect(items[0]).toHaveTextContent(/Aplicada por rh/);
    const notes = screen.getByRole('region', { name: 'Notas Administrativas' });
    expect(within(notes).getByText('Buen trato con los jugadores.')).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha de contratación')).toBeInTheDocument();
  });

  it('writes a warning with its key and reads the record again', async () => {
    let record = memberRecord({ warnings: [] });
    const fetch = serve({
      [PATH]: () => jsonResponse(record),
      [`POST /api/staff/${MEMBER}/warns`]: () => {
        record = memberRecord({ warnings: [{ id: 9, kind: 'warn', text: 'Faltó a la reunión.', author: 'rh', createdAt: '2025-03-01T18:00:00Z' }] });
        return jsonResponse({ message: 'Registrado.' }, 201);
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(NO_WARNINGS_TEXT)).toBeInTheDocument();
    await user.click(screen.getByText('Advertencia', { selector: 'span' }));
    await user.click(screen.getByRole('button', { name: 'Registrar advertencia' }));
    expect(screen.getByText(ENTRY_TEXT_RULE)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Texto de la advertencia'), 'Faltó a la reunión.');
    await user.click(screen.getByRole('button', { name: 'Registrar advertencia' }));
    expect(await screen.findByText(WARN_SAVED)).toBeInTheDocument();
    const warnings = screen.getByRole('region', { name: 'Advertencias' });
    expect(await within(warnings).findByText('Faltó a la reunión.')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ warn: 'Faltó a la reunión.' });
    expect(new Headers(post?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByLabelText('Texto de la advertencia')).toHaveValue('');
  });

  it('corrects the hire date', async () => {
    const fetch = serve({ [`PUT /api/staff/${MEMBER}/hired`]: () => jsonResponse({ message: 'Fecha de contratación actualizada.' }) });
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Fecha de contratación');
    await user.clear(input);
    await user.type(input, '2024-06-01');
    await user.click(screen.getByRole('button', { name: 'Guardar fecha' }));
    expect(await screen.findByText('Fecha de contratación actualizada.')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ date: '2024-06-01' });
  });

  it('offers no hire-date form to who may not change it, and says when there are no notes', async () => {
    serve({ [PATH]: () => jsonResponse(memberRecord({ canSetHired: false, notes: [] })) });
    renderPage();
    expect(await screen.findByText(NO_NOTES_TEXT)).toBeInTheDocument();
    expect(screen.queryByLabelText('Fecha de contratación')).not.toBeInTheDocument();
  });

  it('shows a dismissed member as inactive, with who dismissed them and why, and no forms', async () => {
    serve({
      [PATH]: () =>
        jsonResponse(memberRecord({ active: false, dismissedAt: '2025-04-01T18:00:00Z', dismissedBy: 'comite', dismissReason: 'Inactividad' })),
    });
    renderPage();
    expect(await screen.findByText('Inactivo')).toBeInTheDocument();
    expect(screen.getByText(/^Baja del staff el .* por comite\.$/)).toBeInTheDocument();
    expect(screen.getByText('Motivo: Inactividad')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar nota' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Fecha de contratación')).not.toBeInTheDocument();
  });

  it('says when the person is not staff', async () => {
    serve({ [PATH]: () => jsonResponse({ message: STAFF_RECORD_NOT_FOUND }, 404) });
    renderPage();
    expect(await screen.findByText(STAFF_RECORD_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();
  });

  it('says when the reader may not see records', async () => {
    serve({ [PATH]: () => jsonResponse({ message: 'Solo Comité, RH o AI pueden hacer esto.' }, 403) });
    renderPage();
    expect(await screen.findByText(STAFF_RECORD_FORBIDDEN)).toBeInTheDocument();
    expect(screen.getByText('Solo Comité, RH o AI pueden hacer esto.')).toBeInTheDocument();
  });

  it("offers 'Reintentar' after a failed load, and shows the record once it loads", async () => {
    let fail = true;
    serve({ [PATH]: () => (fail ? new Response('', { status: 500 }) : jsonResponse(memberRecord())) });
    const user = userEvent.setup();
    renderPage();
    const retry = await screen.findByRole('button', { name: /Reintentar/ });
    expect(screen.getByText('Error al cargar el expediente')).toBeInTheDocument();
    expect(screen.queryByText('0 s')).not.toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Expediente de staff: moderadora' })).toBeInTheDocument();
  });

  it('fits a 375 px phone: the two lists stack', async () => {
    setViewport(375);
    serve();
    renderPage();
    const warnings = await screen.findByRole('region', { name: 'Advertencias' });
    await waitFor(() => expect(warnings.parentElement).toHaveClass('ant-col-xs-24'));
  });
});

describe('StaffTable', () => {
  it("links each member's row to their record", async () => {
    serve({
      '/api/staff/moderators': rosterAnswer([
        {
          UserId: MEMBER,
          username: 'moderadora',
          avatar: '',
          TiempoContratado: null,
          TiempoTotal: 0,
          Inactividad: 'No',
          jornada: { horasSemanales: 0, Servidor: '', Lunes: 0, Martes: 0, Miercoles: 0, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 0 },
        },
      ]),
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffTable />, '/dashboard');
    const link = await screen.findByRole('link', { name: 'Ver expediente de moderadora' });
    expect(link).toHaveAttribute('href', `/staff/${MEMBER}`);
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent(`/staff/${MEMBER}`);
  });
});
