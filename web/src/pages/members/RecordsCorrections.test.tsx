import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { CriminalRecord } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { charge, criminalRecord } from '../../test/identity';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled } from '../../test/tickets';
import { EXPUNGE_REASON_REQUIRED, EXPUNGE_WARNING, VOID_REASON_REQUIRED } from './ChargeCorrections';
import { RecordsPage } from './RecordsPage';

const player = profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] });
const moderator = profile({ username: 'moderador', discordId: '1400000000000000005', discordRoles: [roleIds.MODERADOR] });
const comite = profile({ username: 'comite', discordId: '1400000000000000001', discordRoles: [roleIds.COMITE] });

const inForce = charge({ _id: 12, description: 'Robo de vehículo', date: '2025-03-05' });
const voided = charge({
  _id: 11,
  description: 'Exceso de velocidad',
  date: '2025-03-01',
  voided: true,
  voidedAt: '2025-03-02T18:00:00Z',
  voidReason: 'Registrado dos veces',
});

type Handlers = Parameters<typeof mockFetch>[0];

/** Serves the profile and, for each search, the next record of `answers` (the last one repeats). */
function serve(user: ReturnType<typeof profile>, answers: CriminalRecord[], extra: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  let searches = 0;
  const fetch = mockFetch({
    '/api/auth/profile': () => jsonResponse(user),
    '/api/records/search': () => jsonResponse([answers[Math.min(searches++, answers.length - 1)]]),
    ...extra,
  });
  return { fetch, searches: () => searches };
}

async function openRecord(): Promise<HTMLElement> {
  const form = await screen.findByRole('search', { name: 'Buscar expediente' });
  await userEvent.click(within(form).getByLabelText('Usuario de Roblox'));
  await userEvent.paste('Halcon_MX');
  await userEvent.click(within(form).getByRole('button', { name: /Buscar/ }));
  return screen.findByRole('region', { name: 'Expediente' });
}

const rowOf = (record: HTMLElement, text: string) => within(record).getByText(text).closest('tr') as HTMLElement;

describe('RecordsPage corrections', () => {
  it("shows a voided charge to everyone, struck through and tagged 'Anulado' with its reason, and offers a player nothing", async () => {
    serve(player, [criminalRecord({ charges: [inForce, voided] })]);
    renderWithProviders(<RecordsPage />, '/records');
    const record = await openRecord();
    const row = rowOf(record, 'Exceso de velocidad');
    expect(within(row).getByText('Anulado')).toBeInTheDocument();
    expect(within(row).getByText(/Registrado dos veces/)).toBeInTheDocument();
    expect(row.querySelector('del')?.textContent).toBe('Exceso de velocidad');
    expect(within(rowOf(record, 'Robo de vehículo')).queryByText('Anulado')).not.toBeInTheDocument();
    // Who filed a charge comes only from the server, which tells it to those who may add charges.
    expect(within(record).queryByText(/Registrado por/)).not.toBeInTheDocument();
    expect(within(record).queryByRole('button', { name: /Anular|Eliminar/ })).not.toBeInTheDocument();
    expect(within(record).queryByRole('columnheader', { name: 'ACCIONES' })).not.toBeInTheDocument();
  });

  it('follows what the server allows, not the roles: a moderator the server does not let void sees no button', async () => {
    serve(moderator, [criminalRecord({ charges: [inForce], mayVoid: false, mayExpunge: false })]);
    renderWithProviders(<RecordsPage />, '/records');
    const record = await openRecord();
    expect(within(record).queryByRole('button', { name: /Anular cargo/ })).not.toBeInTheDocument();
  });

  it('lets a moderator void a charge in force with a reason, then shows it voided', async () => {
    let sent: { url: string; body: unknown } | null = null;
    const after = { ...inForce, voided: true, voidedAt: '2025-03-06T18:00:00Z', voidReason: 'Persona equivocada', voidedBy: 'moderador', addedBy: 'rh' };
    const { searches } = serve(
      moderator,
      [criminalRecord({ charges: [{ ...inForce, addedBy: 'rh' }, { ...voided, addedBy: 'rh', voidedBy: 'oficina' }], mayVoid: true }), criminalRecord({ charges: [after], mayVoid: true })],
      {
        'POST /api/records/charges/12/void': ({ url, init }) => {
          sent = { url, body: JSON.parse(String(init?.body)) };
          return jsonResponse({ message: 'Cargo anulado.', charge: after });
        },
      },
    );
    renderWithProviders(<RecordsPage />, '/records');
    const record = await openRecord();
    expect(within(rowOf(record, 'Robo de vehículo')).getByText('Registrado por rh')).toBeInTheDocument();
    expect(within(rowOf(record, 'Exceso de velocidad')).getByText(/por oficina/)).toBeInTheDocument();
    // A voided charge cannot be voided again; only COMITE's expunge would apply.
    expect(within(rowOf(record, 'Exceso de velocidad')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(record).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();

    await userEvent.click(within(record).getByRole('button', { name: 'Anular cargo #12' }));
    const dialog = await findDialogTitled('Anular cargo');
    expect(within(dialog).getByText(/Cargo #12: «Robo de vehículo»/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular cargo' }));
    expect(await within(dialog).findByText(VOID_REASON_REQUIRED)).toBeInTheDocument();
    expect(sent).toBeNull();

    await userEvent.click(within(dialog).getByLabelText('Motivo'));
    await userEvent.paste('  Persona equivocada ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular cargo' }));
    await waitFor(() => expect(sent).toEqual({ url: '/api/records/charges/12/void', body: { reason: 'Persona equivocada' } }));
    expect(await screen.findByText('Cargo anulado.')).toBeInTheDocument();
    // The record is read again and shows the charge voided.
    await waitFor(() => expect(searches()).toBe(2));
    const refreshed = await screen.findByRole('region', { name: 'Expediente' });
    await waitFor(() => expect(within(rowOf(refreshed, 'Robo de vehículo')).getByText('Anulado')).toBeInTheDocument());
    expect(within(rowOf(refreshed, 'Robo de vehículo')).getByText(/Persona equivocada \(por moderador\)/)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    serve(moderator, [criminalRecord({ charges: [inForce], mayVoid: true })], {
      'POST /api/records/charges/12/void': () => jsonResponse({ message: 'Ese cargo ya estaba anulado.' }, 409),
    });
    renderWithProviders(<RecordsPage />, '/records');
    const record = await openRecord();
    await userEvent.click(within(record).getByRole('button', { name: 'Anular cargo #12' }));
    const dialog = await findDialogTitled('Anular cargo');
    await userEvent.click(within(dialog).getByLabelText('Motivo'));
    await userEvent.paste('Duplicado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular cargo' }));
    expect(await within(dialog).findByText('Ese cargo ya estaba anulado.')).toBeInTheDocument();
  });

  it('lets COMITE expunge a charge, voided or not, after a warning and with a reason for the audit log', async () => {
    let sent: { url: string; body: unknown } | null = null;
    const { searches } = serve(comite, [criminalRecord({ charges: [inForce, voided], mayVoid: true, mayExpunge: true }), criminalRecord({ charges: [inForce], mayVoid: true, mayExpunge: true })], {
      'POST /api/records/charges/11/expunge': ({ url, init }) => {
        sent = { url, body: JSON.parse(String(init?.body)) };
        return jsonResponse({ message: 'Cargo eliminado del expediente.' });
      },
    });
    renderWithProviders(<RecordsPage />, '/records');
    const record = await openRecord();
    expect(within(record).getByRole('columnheader', { name: 'ACCIONES' })).toBeInTheDocument();
    expect(within(rowOf(record, 'Robo de vehículo')).getByRole('button', { name: 'Eliminar cargo #12' })).toBeInTheDocument();

    await userEvent.click(within(record).getByRole('button', { name: 'Eliminar cargo #11' }));
    const dialog = await findDialogTitled('Eliminar cargo');
    expect(within(dialog).getByText(new RegExp(EXPUNGE_WARNING.slice(0, 40)))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await within(dialog).findByText(EXPUNGE_REASON_REQUIRED)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Motivo'));
    await userEvent.paste('Contenía datos personales');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar definitivamente' }));
    await waitFor(() => expect(sent).toEqual({ url: '/api/records/charges/11/expunge', body: { reason: 'Contenía datos personales' } }));
    expect(await screen.findByText('Cargo eliminado del expediente.')).toBeInTheDocument();
    await waitFor(() => expect(searches()).toBe(2));
    await waitFor(() => expect(screen.queryByText('Exceso de velocidad')).not.toBeInTheDocument());
  });
});
