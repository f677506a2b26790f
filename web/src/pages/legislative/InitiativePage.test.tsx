import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { InitiativeRecord } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { initiative, initiativeRecord, legislativeRights, openInitiative } from '../../test/legislative';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { formatDateTime } from '../../components/dates';
import { InitiativePage } from './InitiativePage';

type Handlers = Parameters<typeof mockFetch>[0];

function serve(discordRoles: string[], record: InitiativeRecord, handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ discordRoles, panels: legislativeRights(discordRoles) })),
    [`GET /api/legislative/initiatives/${record.initiative._id}`]: () => jsonResponse(record),
    ...handlers,
  });
}

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/legislative/initiatives/:id" element={<InitiativePage />} />
      <Route path="*" element={null} />
    </Routes>,
    path,
  );
}

const record = (overrides: Partial<InitiativeRecord> = {}) =>
  initiativeRecord({
    initiative: initiative({
      _id: 7,
      title: 'Ley de Tránsito',
      summary: 'Primer párrafo.\nSegundo párrafo.',
      type: 'Congreso',
      status: 'approved',
      votes: { infavor: 3, against: 1, abstention: 1 },
    }),
    timeline: [
      { kind: 'created', detail: '', actor: 'oficina', at: '2026-01-10T18:00:00Z' },
      { kind: 'voting_opened', detail: 'hasta el 12/01/2026 12:00', actor: 'oficina', at: '2026-01-10T19:00:00Z' },
      { kind: 'voting_stopped', detail: '', actor: 'oficina', at: '2026-01-10T20:00:00Z' },
      { kind: 'closed', detail: 'Aprobada: 3 a favor, 1 en contra, 1 abstención', actor: '', at: '2026-01-12T12:00:00Z' },
    ],
    ...overrides,
  });

describe('InitiativePage', () => {
  it('shows the full text, the status, the counts and the timeline', async () => {
    serve([roleIds.DIPUTADO], record());
    renderAt('/legislative/initiatives/7');
    expect(await screen.findByRole('heading', { name: 'Ley de Tránsito' })).toBeInTheDocument();
    expect(screen.getByText(/Primer párrafo\.\s+Segundo párrafo\./)).toHaveClass('initiative-text');
    expect(screen.getByText('Aprobada')).toBeInTheDocument();
    expect(screen.getByText('Cámara de Diputados')).toBeInTheDocument();
    expect(screen.getByText('Finalizada')).toBeInTheDocument();
    for (const [title, value] of [
      ['A favor', '3'],
      ['En contra', '1'],
      ['Abstención', '1'],
    ]) {
      const statistic = screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic') as HTMLElement;
      expect(within(statistic).getByText(value)).toBeInTheDocument();
    }
    for (const label of ['Creada', 'Votación abierta', 'Votación suspendida', 'Cerrada']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByText('hasta el 12/01/2026 12:00')).toBeInTheDocument();
    expect(screen.getByText('Aprobada: 3 a favor, 1 en contra, 1 abstención')).toBeInTheDocument();
    expect(screen.queryByText('Votos emitidos')).not.toBeInTheDocument();
  });

  it('charts the tally, with the same counts behind "Ver datos"', async () => {
    serve([roleIds.DIPUTADO], record());
    renderAt('/legislative/initiatives/7');
    const drawing = await screen.findByRole('img', { name: /^Gráfica de barras: Resultado de la votación/ });
    expect(drawing.getAttribute('aria-label')).toBe('Gráfica de barras: Resultado de la votación. A favor: 3; En contra: 1; Abstención: 1.');
    await userEvent.click(screen.getByRole('button', { name: 'Ver datos' }));
    expect(within(screen.getByRole('table', { name: 'Resultado de la votación' })).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'VotoVotos',
      'A favor3',
      'En contra1',
      'Abstención1',
    ]);
  });

  it('draws no tally while nobody has voted', async () => {
    serve([roleIds.DIPUTADO], record({ initiative: initiative({ _id: 7, title: 'Ley de Tránsito', votes: { infavor: 0, against: 0, abstention: 0 } }) }));
    renderAt('/legislative/initiatives/7');
    expect(await screen.findByRole('heading', { name: 'Ley de Tránsito' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Resultado de la votación/ })).toBeNull();
  });

  const memberVotes = [
    { memberId: '1', memberName: 'diputado', voteType: 'infavor' as const, at: '2026-01-11T10:00:00Z' },
    { memberId: '2', memberName: 'senador', voteType: 'against' as const, at: '2026-01-11T11:00:00Z' },
  ];

  it('shows admins who voted what, and when', async () => {
    setViewport(1280);
    serve([roleIds.CONGRESO_ADMIN], record({ votes: memberVotes }));
    renderAt('/legislative/initiatives/7');
    const votes = (await screen.findByText('Votos emitidos')).closest('.ant-card') as HTMLElement;
    expect(within(votes).getByRole('columnheader', { name: 'Fecha' })).toBeInTheDocument();
    const diputado = within(votes).getByText('diputado').closest('tr') as HTMLElement;
    expect(within(diputado).getByText('A favor')).toBeInTheDocument();
    expect(within(diputado).getByText(formatDateTime('2026-01-11T10:00:00Z'))).toBeInTheDocument();
    const senador = within(votes).getByText('senador').closest('tr') as HTMLElement;
    expect(within(senador).getByText('En contra')).toBeInTheDocument();
  });

  it('on a phone, puts the vote before who voted, and the date under the member', async () => {
    setViewport(375);
    serve([roleIds.CONGRESO_ADMIN], record({ votes: memberVotes }));
    renderAt('/legislative/initiatives/7');
    const votes = (await screen.findByText('Votos emitidos')).closest('.ant-card') as HTMLElement;
    const voting = screen.getByText('Votación', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
    expect(voting.compareDocumentPosition(votes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(votes).queryByText('Fecha')).not.toBeInTheDocument();
    const diputado = within(votes).getByText('diputado').closest('li') as HTMLElement;
    expect(diputado).toHaveTextContent(formatDateTime('2026-01-11T10:00:00Z'));
  });

  it('lets a legislator vote from the page, then shows the vote', async () => {
    const open = openInitiative(10, { _id: 3, title: 'Abierta', canVote: true });
    const voted = { ...open, canVote: false, userVoted: true, userVoteType: 'abstention' as const, votes: { infavor: 0, against: 0, abstention: 1 } };
    // The server keeps the vote: the record read again after voting has it.
    let current = initiativeRecord({ initiative: open });
    serve([roleIds.MINISTRO], current, {
      'GET /api/legislative/initiatives/3': () => jsonResponse(current),
      'POST /api/legislative/initiatives/3/vote': () => {
        current = initiativeRecord({ initiative: voted });
        return jsonResponse(voted);
      },
    });
    renderAt('/legislative/initiatives/3');
    expect(await screen.findByText(/^(9|10) h \d+ min$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Votar: Abierta' }));
    const vote = await screen.findByRole('dialog', { name: 'Emitir Voto' });
    await userEvent.click(within(vote).getByRole('radio', { name: 'Abstención' }));
    await userEvent.click(within(vote).getByRole('button', { name: 'Votar' }));
    expect(await within(vote).findByText('Voto registrado exitosamente')).toBeInTheDocument();
    expect(await screen.findByText('Tu voto: Abstención')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Votar: Abierta' })).not.toBeInTheDocument();
    const abstentions = screen.getByText('Abstención', { selector: '.ant-statistic-title' }).closest('.ant-statistic') as HTMLElement;
    expect(within(abstentions).getByText('1')).toBeInTheDocument();
  });

  it('shows a withdrawn initiative with the result it kept, and no Retirar', async () => {
    const withdrawn = record({
      initiative: initiative({ _id: 7, title: 'Ley de Tránsito', status: 'withdrawn', result: 'approved', mayWithdraw: false, mayDelete: false }),
    });
    withdrawn.timeline.push({ kind: 'withdrawn', detail: 'Aprobada: 3 a favor, 1 en contra, 1 abstención', actor: 'oficina', at: '2026-01-13T12:00:00Z' });
    serve([roleIds.CONGRESO_ADMIN], withdrawn);
    renderAt('/legislative/initiatives/7');
    expect(await screen.findByRole('heading', { name: 'Ley de Tránsito' })).toBeInTheDocument();
    const timeline = screen.getByText('Historial').closest('.ant-card') as HTMLElement;
    expect(screen.getAllByText('Retirada').find((element) => element.classList.contains('ant-tag'))).toHaveClass('ant-tag-warning');
    expect(within(timeline).getByText('Retirada')).toBeInTheDocument();
    const voting = screen.getByText('Votación', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
    expect(within(voting).getByText('Resultado')).toBeInTheDocument();
    expect(within(voting).getByText('Aprobada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retirar/ })).not.toBeInTheDocument();
  });

  it('lets an admin withdraw the initiative from its page', async () => {
    const open = openInitiative(10, { _id: 3, title: 'Abierta', mayDelete: false });
    const withdrawn = { ...open, status: 'withdrawn' as const, votingEnabled: false, votingOpen: false, mayWithdraw: false };
    let current = initiativeRecord({ initiative: open });
    const fetch = serve([roleIds.SCJN_ADMIN], current, {
      'GET /api/legislative/initiatives/3': () => jsonResponse(current),
      'POST /api/legislative/initiatives/3/withdraw': () => {
        current = initiativeRecord({ initiative: withdrawn });
        return jsonResponse(withdrawn);
      },
    });
    renderAt('/legislative/initiatives/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar: Abierta' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Estás seguro de que deseas retirar esta iniciativa?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText('Iniciativa retirada exitosamente')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url, init]) => String(url).endsWith('/api/legislative/initiatives/3/withdraw') && init?.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText('Retirada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirar: Abierta' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the withdrawal is refused", async () => {
    const open = openInitiative(10, { _id: 3, title: 'Abierta' });
    serve([roleIds.SCJN_ADMIN], initiativeRecord({ initiative: open }), {
      'POST /api/legislative/initiatives/3/withdraw': () => jsonResponse({ message: 'Esta iniciativa ya estaba retirada.' }, 409),
    });
    renderAt('/legislative/initiatives/3');
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar: Abierta' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Estás seguro de que deseas retirar esta iniciativa?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText('Esta iniciativa ya estaba retirada.')).toBeInTheDocument();
  });

  it("goes back to the initiative's body", async () => {
    serve([roleIds.DIPUTADO], record());
    renderAt('/legislative/initiatives/7');
    await userEvent.click(await screen.findByRole('button', { name: /Volver al Sistema Legislativo/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/legislative?type=Congreso');
  });

  it("shows the server's message for a missing initiative", async () => {
    serve([roleIds.DIPUTADO], record(), {
      'GET /api/legislative/initiatives/99': () => jsonResponse({ message: 'No existe esa iniciativa.' }, 404),
    });
    renderAt('/legislative/initiatives/99');
    expect(await screen.findByText('No existe esa iniciativa.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Volver al Sistema Legislativo/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/legislative$/);
  });
});
