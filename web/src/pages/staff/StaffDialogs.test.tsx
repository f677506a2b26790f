import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Moderator } from '../../api/types';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled } from '../../test/tickets';
import { DISMISS_REASON_MAX, DismissDialog } from './StaffDialogs';

const member: Moderator = {
  UserId: '102',
  username: 'ajolote_rp',
  avatar: '',
  TiempoContratado: '2025-01-10T00:00:00Z',
  TiempoTotal: 3600,
  Inactividad: 'No',
  jornada: { horasSemanales: 0, Servidor: '', Lunes: 0, Martes: 0, Miercoles: 0, Jueves: 0, Viernes: 0, Sabado: 0, Domingo: 0 },
};

function dismissCalls(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/api/staff/dismiss') && init?.method === 'POST');
}

async function openDialog() {
  renderWithProviders(<DismissDialog open member={member} onClose={() => {}} onDismissed={() => {}} />);
  return findDialogTitled('Dar de Baja');
}

describe('DismissDialog', () => {
  beforeEach(() => localStorage.clear());

  it('counts the reason against its 1,000-character limit as it is typed', async () => {
    mockFetch();
    const user = userEvent.setup();
    const dialog = await openDialog();
    expect(DISMISS_REASON_MAX).toBe(1000);
    expect(within(dialog).getByText(`0 / ${DISMISS_REASON_MAX}`)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Motivo'), 'Inactivo');
    expect(within(dialog).getByText(`8 / ${DISMISS_REASON_MAX}`)).toBeInTheDocument();
  });

  it('takes no more than 1,000 characters, and sends them whole', async () => {
    const fetch = mockFetch({ 'POST /api/staff/dismiss': () => jsonResponse({ message: 'Baja aplicada.' }) });
    const user = userEvent.setup();
    const dialog = await openDialog();
    const reason = within(dialog).getByLabelText('Motivo');
    await user.click(reason);
    await user.paste('ñ'.repeat(1200));
    expect(within(dialog).getByText(`${DISMISS_REASON_MAX} / ${DISMISS_REASON_MAX}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    await waitFor(() => expect(dismissCalls(fetch)).toHaveLength(1));
    const body = JSON.parse(String(dismissCalls(fetch)[0]?.[1]?.body)) as { userId: string; reason: string };
    expect(body.userId).toBe('102');
    expect(body.reason).toBe('ñ'.repeat(DISMISS_REASON_MAX));
  });

  it("shows the server's message when it refuses the reason", async () => {
    mockFetch({ 'POST /api/staff/dismiss': () => jsonResponse({ message: 'El motivo puede tener hasta 1000 caracteres.' }, 400) });
    const user = userEvent.setup();
    const dialog = await openDialog();
    await user.type(within(dialog).getByLabelText('Motivo'), 'Inactivo');
    await user.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    expect(await screen.findByText('El motivo puede tener hasta 1000 caracteres.')).toBeInTheDocument();
  });
});
