import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import { INITIATIVES_PAGE_SIZE } from '../../api/legislative';
import { LOAD_MORE_TEXT } from '../../components/LoadMore';
import type { AgendaItem, Initiative } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { agendaItem, initiative, legislativeRights, openInitiative } from '../../test/legislative';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import {
  DELETE_AGENDA_ITEM_QUESTION,
  DELETE_INITIATIVE_QUESTION,
  LegislativePage,
  NO_AGENDA_ITEMS,
} from './LegislativePage';
import { INITIATIVE_WITHDRAWN, WITHDRAW_INITIATIVE_QUESTION } from './WithdrawInitiative';
import { defaultVotingEnd, todayISODate } from './legislativeFormat';

type Handlers = Parameters<typeof mockFetch>[0];

interface Served {
  initiatives?: Initiative[];
  congreso?: Initiative[];
  agenda?: AgendaItem[];
}

/**
 * Signs in with the roles on a desktop window (the initiatives are a table), serving the lists.
 * The profile carries the legislative rights the server gives those roles.
 */
function signIn(discordRoles: string[], served: Served = {}, handlers: Handlers = {}) {
  setViewport(1280);
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile({ username: 'ministro', discordRoles, panels: legislativeRights(discordRoles) })),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    'GET /api/legislative/initiatives': ({ url }) =>
      jsonResponse(url.includes('type=Congreso') ? (served.congreso ?? []) : (served.initiatives ?? [])),
    'GET /api/legislative/agenda': () => jsonResponse(served.agenda ?? []),
    ...handlers,
  });
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0]?.endsWith(path) && (init?.method ?? 'GET') === method);

const bodyOf = (call: ReturnType<typeof calls>[number] | undefined) => JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;

const rowOf = async (title: string) => (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;

/** A dialog that is leaving: jsdom never ends antd's closing animation, so a closed dialog stays in its leave motion. */
const leaving = (dialog: HTMLElement) => !dialog.isConnected || /-leave/.test(dialog.className);

/** The open dialog of that name, not one still on its way out. */
async function dialog(name: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('dialog', { name }).find((element) => !leaving(element));
    expect(found).toBeDefined();
  });
  return found as HTMLElement;
}

async function expectClosed(dialog: HTMLElement) {
  await waitFor(() => expect(leaving(dialog)).toBe(true), { timeout: 4000 });
}

async function openAgendaTab() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Orden del Día' }));
}

describe('LegislativePage', () => {
  it('lists the initiatives with their status, counts and time left', async () => {
    signIn([roleIds.DIPUTADO], {
      initiatives: [
        openInitiative(24, { _id: 1, title: 'Abierta', votes: { infavor: 3, against: 1, abstention: 2 } }),
        initiative({ _id: 2, title: 'Pendiente de votar' }),
        initiative({ _id: 3, title: 'Ya aprobada', status: 'approved', votingEndDate: '2026-01-01T00:00:00Z' }),
        initiative({ _id: 4, title: 'Rechazada sin quórum', status: 'rejected' }),
        initiative({ _id: 5, title: 'Sin cierre', status: 'voting', votingEnabled: true, votingOpen: true }),
      ],
    });
    renderWithProviders(<LegislativePage />, '/legislative?type=SCJN');

    const open = await rowOf('Abierta');
    expect(within(open).getByText('En Votación')).toBeInTheDocument();
    expect(within(open).getByText(/^2[34] h \d+ min$/)).toBeInTheDocument();
    expect(within(open).getByRole('group', { name: 'A favor: 3, En contra: 1, Abstención: 2' })).toHaveTextContent('A 3C 1N 2');
    expect(within(await rowOf('Pendiente de votar')).getByText('Pendiente')).toBeInTheDocument();
    expect(within(await rowOf('Pendiente de votar')).getByText('Sin votación')).toBeInTheDocument();
    expect(within(await rowOf('Ya aprobada')).getByText('Aprobada')).toBeInTheDocument();
    expect(within(await rowOf('Ya aprobada')).getByText('Finalizada')).toBeInTheDocument();
    expect(within(await rowOf('Rechazada sin quórum')).getByText('Rechazada')).toBeInTheDocument();
    expect(within(await rowOf('Sin cierre')).getByText('Sin fecha de cierre')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abierta' })).toHaveAttribute('href', '/legislative/initiatives/1');
  });

  it('cuts the summary at 300 px and shows it whole on hover', async () => {
    const summary = `Una exposición de motivos muy larga ${'y detallada '.repeat(30)}`.trim();
    signIn([roleIds.DIPUTADO], { initiatives: [initiative({ title: 'Larga', summary })] });
    renderWithProviders(<LegislativePage />, '/legislative?type=SCJN');
    const row = await rowOf('Larga');
    const cell = within(row).getByText(summary, { selector: '.initiative-summary' });
    expect(cell).toHaveClass('initiative-summary');
    expect(screen.getByRole('columnheader', { name: 'Resumen' })).toBeInTheDocument();
    await userEvent.hover(cell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(summary);
  });

  it('gives a non-admin legislator the vote button, then shows their vote instead', async () => {
    let listed = openInitiative(24, { _id: 7, title: 'Ley de Tránsito', canVote: true });
    const voted: Initiative = { ...listed, canVote: false, userVoted: true, userVoteType: 'infavor', votes: { infavor: 1, against: 0, abstention: 0 } };
    const fetch = signIn([roleIds.MINISTRO], {}, {
      'GET /api/legislative/initiatives': () => jsonResponse([listed]),
      'POST /api/legislative/initiatives/7/vote': () => {
        listed = voted;
        return jsonResponse(voted);
      },
    });
    renderWithProviders(<LegislativePage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Votar: Ley de Tránsito' }));
    const vote = await dialog('Emitir Voto');
    const submit = within(vote).getByRole('button', { name: 'Votar' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(vote).getByRole('radio', { name: 'A favor' }));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    expect(await within(vote).findByText('Voto registrado exitosamente')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, 'POST', '/api/legislative/initiatives/7/vote')[0])).toEqual({ voteType: 'infavor' });
    const row = await rowOf('Ley de Tránsito');
    await waitFor(() => expect(within(row).getByText('Tu voto: A favor')).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: /Votar/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('group', { name: /A favor: 1/ })).toBeInTheDocument();
    await expectClosed(vote);
  });

  it('shows the initiatives as cards on a phone, with the vote button and the admin actions', async () => {
    const summary = `Una exposición de motivos muy larga ${'y detallada '.repeat(30)}`.trim();
    signIn([roleIds.COMITE], {
      initiatives: [
        openInitiative(24, { _id: 7, title: 'Ley de Tránsito', summary, canVote: true, votes: { infavor: 2, against: 1, abstention: 0 } }),
        initiative({ _id: 8, title: 'Ya votada', status: 'voting', votingEnabled: true, votingOpen: true, userVoted: true, userVoteType: 'against' }),
      ],
    });
    setViewport(375);
    renderWithProviders(<LegislativePage />);

    const cards = await screen.findByRole('list', { name: 'Iniciativas' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const open = within(cards).getByRole('listitem', { name: 'Ley de Tránsito' });
    expect(within(open).getByRole('link', { name: 'Ley de Tránsito' })).toHaveAttribute('href', '/legislative/initiatives/7');
    expect(within(open).getByText('En Votación')).toBeInTheDocument();
    expect(within(open).getByText(summary)).toBeInTheDocument();
    expect(within(open).getByRole('group', { name: 'A favor: 2, En contra: 1, Abstención: 0' })).toBeInTheDocument();
    expect(within(open).getByText(/^2[34] h \d+ min$/)).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Votar: Ley de Tránsito' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Configurar Votación: Ley de Tránsito' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Eliminar: Ley de Tránsito' })).toBeInTheDocument();
    const voted = within(cards).getByRole('listitem', { name: 'Ya votada' });
    expect(within(voted).getByText('Tu voto: En contra')).toBeInTheDocument();
    expect(within(voted).queryByRole('button', { name: /Votar/ })).not.toBeInTheDocument();
  });

  it('shows no vote button to whoever the server does not let vote', async () => {
    signIn([roleIds.DIPUTADO], { initiatives: [openInitiative(24, { title: 'De la Corte', canVote: false })] });
    renderWithProviders(<LegislativePage />, '/legislative?type=SCJN');
    const row = await rowOf('De la Corte');
    expect(within(row).queryByRole('button', { name: /Votar/ })).not.toBeInTheDocument();
    expect(within(row).queryByText(/Tu voto/)).not.toBeInTheDocument();
  });

  it("shows the server's message when the vote is refused", async () => {
    signIn([roleIds.MINISTRO], { initiatives: [openInitiative(24, { _id: 7, title: 'Ley de Tránsito', canVote: true })] }, {
      'POST /api/legislative/initiatives/7/vote': () => jsonResponse({ message: 'Ya votaste en esta iniciativa.' }, 409),
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Votar: Ley de Tránsito' }));
    const vote = await dialog('Emitir Voto');
    await userEvent.click(within(vote).getByRole('radio', { name: 'En contra' }));
    await userEvent.click(within(vote).getByRole('button', { name: 'Votar' }));
    expect(await within(vote).findByText('Ya votaste en esta iniciativa.')).toBeInTheDocument();
  });

  it('keeps the Acciones column and the create buttons for admins', async () => {
    signIn([roleIds.DIPUTADO, roleIds.SENADOR, roleIds.MINISTRO], { initiatives: [initiative()] });
    const { unmount } = renderWithProviders(<LegislativePage />);
    await rowOf('Reforma al Código Penal');
    expect(screen.getByRole('columnheader', { name: 'Estado' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva Iniciativa/ })).not.toBeInTheDocument();
    await openAgendaTab();
    expect(await screen.findByText(NO_AGENDA_ITEMS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nuevo Punto/ })).not.toBeInTheDocument();
    unmount();

    for (const role of [roleIds.SCJN_ADMIN, roleIds.CONGRESO_ADMIN]) {
      signIn([role], { initiatives: [initiative()] });
      const view = renderWithProviders(<LegislativePage />, '/legislative?type=SCJN');
      const row = await rowOf('Reforma al Código Penal');
      expect(screen.getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Configurar Votación: Reforma al Código Penal' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Eliminar: Reforma al Código Penal' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Nueva Iniciativa/ })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('opens on the chamber of the person, as the server tells their seats', async () => {
    signIn([roleIds.DIPUTADO], { initiatives: [initiative({ title: 'De la Corte' })], congreso: [initiative({ _id: 2, title: 'Del Congreso', type: 'Congreso' })] });
    renderWithProviders(<LegislativePage />, '/legislative');
    expect(await rowOf('Del Congreso')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'De la Corte' })).not.toBeInTheDocument();
  });

  it('switches the body with the Entidad selector', async () => {
    const fetch = signIn([roleIds.MINISTRO], { initiatives: [initiative({ title: 'De la Corte' })], congreso: [initiative({ _id: 2, title: 'Del Congreso', type: 'Congreso' })] });
    renderWithProviders(<LegislativePage />, '/legislative');
    await rowOf('De la Corte');
    const selector = screen.getByRole('combobox', { name: 'Entidad' });
    await userEvent.click(selector);
    await userEvent.click(await screen.findByRole('option', { name: 'Cámara de Diputados' }));
    expect(await rowOf('Del Congreso')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'De la Corte' })).not.toBeInTheDocument();
    expect(
      calls(fetch, 'GET', '/api/legislative/initiatives').some(([url]) => new URL(String(url), 'http://portal').searchParams.get('type') === 'Congreso'),
    ).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/legislative?type=Congreso');
  });

  it("reads the initiatives a page at a time: 'Cargar más' brings the next ones, of the body chosen", async () => {
    // 25 SCJN initiatives, newest first; the server answers a page after the cursor.
    const scjn = Array.from({ length: 25 }, (_, i) => initiative({ _id: 100 - i, title: `Iniciativa ${100 - i}` }));
    const fetch = signIn([roleIds.MINISTRO], {}, {
      'GET /api/legislative/initiatives': ({ url }) => {
        const params = new URL(url, 'http://portal').searchParams;
        if (params.get('type') === 'Congreso') return jsonResponse([initiative({ _id: 2, title: 'Del Congreso', type: 'Congreso' })]);
        const from = params.has('before') ? scjn.findIndex((item) => String(item._id) === params.get('before')) + 1 : 0;
        return jsonResponse(scjn.slice(from, from + Number(params.get('limit'))));
      },
    });
    renderWithProviders(<LegislativePage />, '/legislative?type=SCJN');
    expect(await rowOf('Iniciativa 100')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciativa 81' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciativa 80' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: LOAD_MORE_TEXT }));
    // Page 2 holds the next ones, below the first page.
    expect(await rowOf('Iniciativa 80')).toBeInTheDocument();
    const titles = screen.getAllByRole('link', { name: /^Iniciativa \d+$/ }).map((link) => link.textContent);
    expect(titles).toEqual(scjn.map((item) => item.title));
    expect(screen.queryByRole('button', { name: LOAD_MORE_TEXT })).not.toBeInTheDocument();
    const pages = calls(fetch, 'GET', '/api/legislative/initiatives').map(([url]) => new URL(String(url), 'http://portal').searchParams);
    expect(pages.map((params) => [params.get('type'), params.get('limit'), params.get('before')])).toEqual([
      ['SCJN', String(INITIATIVES_PAGE_SIZE), null],
      ['SCJN', String(INITIATIVES_PAGE_SIZE), '81'],
    ]);
    // The body's selector still chooses the list: the other body starts again from its newest.
    await userEvent.click(screen.getByRole('combobox', { name: 'Entidad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cámara de Diputados' }));
    expect(await rowOf('Del Congreso')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Iniciativa 100' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOAD_MORE_TEXT })).not.toBeInTheDocument();
  });

  it("shows the server's message, or the default, when the lists cannot load", async () => {
    signIn([roleIds.DIPUTADO], {}, {
      'GET /api/legislative/initiatives': () => jsonResponse({}, 500),
      'GET /api/legislative/agenda': () => jsonResponse({ message: 'El tipo debe ser SCJN o Congreso.' }, 400),
    });
    renderWithProviders(<LegislativePage />, '/legislative?type=SCJN');
    expect(await screen.findByText('Error al cargar las iniciativas')).toBeInTheDocument();
    await openAgendaTab();
    expect(await screen.findByText('El tipo debe ser SCJN o Congreso.')).toBeInTheDocument();
  });

  it('creates an initiative once title and summary are filled in', async () => {
    const fetch = signIn([roleIds.COMITE], {}, {
      'POST /api/legislative/initiatives': ({ init }) => jsonResponse(initiative({ ...JSON.parse(String(init?.body)), _id: 9 }), 201),
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(await screen.findByRole('button', { name: /Nueva Iniciativa/ }));
    const create = await dialog('Nueva Iniciativa');
    const save = within(create).getByRole('button', { name: 'Crear Iniciativa' });
    expect(save).toBeDisabled();
    await userEvent.type(within(create).getByLabelText('Título'), 'Ley de Tránsito');
    expect(save).toBeDisabled();
    await userEvent.type(within(create).getByLabelText('Resumen'), '   ');
    expect(save).toBeDisabled();
    await userEvent.type(within(create).getByLabelText('Resumen'), 'Límites de velocidad.');
    expect(save).toBeEnabled();
    await userEvent.clear(within(create).getByLabelText('Título'));
    expect(save).toBeDisabled();
    await userEvent.type(within(create).getByLabelText('Título'), '  Ley de Tránsito ');
    await userEvent.click(save);

    expect(await within(create).findByText('Iniciativa creada exitosamente')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, 'POST', '/api/legislative/initiatives')[0])).toEqual({ title: 'Ley de Tránsito', summary: 'Límites de velocidad.', type: 'SCJN' });
  });

  it("keeps the dialog open with the default message when creating fails", async () => {
    signIn([roleIds.COMITE], {}, { 'POST /api/legislative/initiatives': () => jsonResponse({}, 500) });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(await screen.findByRole('button', { name: /Nueva Iniciativa/ }));
    const create = await dialog('Nueva Iniciativa');
    await userEvent.type(within(create).getByLabelText('Título'), 'Ley');
    await userEvent.type(within(create).getByLabelText('Resumen'), 'Texto');
    await userEvent.click(within(create).getByRole('button', { name: 'Crear Iniciativa' }));
    expect(await within(create).findByText('Error al crear la iniciativa')).toBeInTheDocument();
  });

  it('opens voting until one day from now by default', async () => {
    const fetch = signIn([roleIds.COMITE], { initiatives: [initiative({ _id: 4, title: 'Pendiente' })] }, {
      'PUT /api/legislative/initiatives/4/voting': () => jsonResponse(openInitiative(24, { _id: 4, title: 'Pendiente' })),
    });
    renderWithProviders(<LegislativePage />);
    const row = await rowOf('Pendiente');
    const opened = Date.now();
    await userEvent.click(within(row).getByRole('button', { name: 'Configurar Votación: Pendiente' }));
    const settings = await dialog('Configurar Votación');
    const end = within(settings).getByLabelText('Fecha y hora de cierre');
    expect(end).toHaveValue(defaultVotingEnd(opened));
    expect(end).toBeDisabled();
    await userEvent.click(within(settings).getByRole('switch', { name: 'Habilitar votación' }));
    expect(end).toBeEnabled();
    await userEvent.click(within(settings).getByRole('button', { name: 'Guardar' }));

    expect(await within(settings).findByText('Votación habilitada exitosamente')).toBeInTheDocument();
    const sent = bodyOf(calls(fetch, 'PUT', '/api/legislative/initiatives/4/voting')[0]);
    expect(sent.votingEnabled).toBe(true);
    const endsIn = new Date(String(sent.votingEndDate)).getTime() - opened;
    expect(endsIn).toBeGreaterThan(24 * 3_600_000 - 2 * 60_000);
    expect(endsIn).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it('stops a vote', async () => {
    const open = openInitiative(5, { _id: 4, title: 'Abierta' });
    const fetch = signIn([roleIds.SCJN_ADMIN], { initiatives: [open] }, {
      'PUT /api/legislative/initiatives/4/voting': () => jsonResponse({ ...open, status: 'pending', votingEnabled: false, votingOpen: false }),
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(within(await rowOf('Abierta')).getByRole('button', { name: 'Configurar Votación: Abierta' }));
    const settings = await dialog('Configurar Votación');
    const toggle = within(settings).getByRole('switch', { name: 'Habilitar votación' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(within(settings).getByRole('button', { name: 'Guardar' }));
    expect(await within(settings).findByText('Votación deshabilitada exitosamente')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, 'PUT', '/api/legislative/initiatives/4/voting')[0])).toEqual({ votingEnabled: false, votingEndDate: null });
  });

  it("shows the server's message when the voting settings are refused", async () => {
    signIn([roleIds.COMITE], { initiatives: [initiative({ _id: 4, title: 'Pendiente' })] }, {
      'PUT /api/legislative/initiatives/4/voting': () => jsonResponse({}, 500),
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(within(await rowOf('Pendiente')).getByRole('button', { name: 'Configurar Votación: Pendiente' }));
    const settings = await dialog('Configurar Votación');
    await userEvent.click(within(settings).getByRole('switch', { name: 'Habilitar votación' }));
    await userEvent.click(within(settings).getByRole('button', { name: 'Guardar' }));
    expect(await within(settings).findByText('Error al actualizar la configuración de votación')).toBeInTheDocument();
  });

  it('deletes an initiative only after the confirmation', async () => {
    let listed = [initiative({ _id: 5, title: 'Borrable' })];
    const fetch = signIn([roleIds.COMITE], {}, {
      'GET /api/legislative/initiatives': () => jsonResponse(listed),
      'DELETE /api/legislative/initiatives/5': () => {
        listed = [];
        return jsonResponse({ message: 'Iniciativa eliminada exitosamente' });
      },
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(within(await rowOf('Borrable')).getByRole('button', { name: 'Eliminar: Borrable' }));
    const confirm = await dialog(DELETE_INITIATIVE_QUESTION);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await expectClosed(confirm);
    expect(calls(fetch, 'DELETE', '/api/legislative/initiatives/5')).toHaveLength(0);

    await userEvent.click(within(await rowOf('Borrable')).getByRole('button', { name: 'Eliminar: Borrable' }));
    await userEvent.click(within(await dialog(DELETE_INITIATIVE_QUESTION)).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Iniciativa eliminada exitosamente')).toBeInTheDocument();
    expect(calls(fetch, 'DELETE', '/api/legislative/initiatives/5')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Borrable' })).not.toBeInTheDocument());
  });

  it("shows the server's message when deleting an initiative fails", async () => {
    signIn([roleIds.COMITE], { initiatives: [initiative({ _id: 5, title: 'Borrable' })] }, {
      'DELETE /api/legislative/initiatives/5': () => jsonResponse({}, 500),
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(within(await rowOf('Borrable')).getByRole('button', { name: 'Eliminar: Borrable' }));
    await userEvent.click(within(await dialog(DELETE_INITIATIVE_QUESTION)).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Error al eliminar la iniciativa')).toBeInTheDocument();
  });

  it('shows a withdrawn initiative as Retirada, its vote finished', async () => {
    signIn([roleIds.DIPUTADO], {
      initiatives: [initiative({ _id: 6, title: 'Retirada con votos', status: 'withdrawn', result: 'approved', votes: { infavor: 2, against: 1, abstention: 0 } })],
    });
    renderWithProviders(<LegislativePage />, '/legislative?type=SCJN');
    const row = await rowOf('Retirada con votos');
    expect(within(row).getByText('Retirada')).toHaveClass('ant-tag-warning');
    expect(within(row).getByText('Finalizada')).toBeInTheDocument();
    expect(within(row).getByRole('group', { name: 'A favor: 2, En contra: 1, Abstención: 0' })).toBeInTheDocument();
  });

  it('offers Eliminar and Retirar only where the server says the admin may', async () => {
    signIn([roleIds.SCJN_ADMIN], {
      initiatives: [
        initiative({ _id: 1, title: 'Sin votos' }),
        openInitiative(5, { _id: 2, title: 'Con votos', mayDelete: false, votes: { infavor: 1, against: 0, abstention: 0 } }),
        initiative({ _id: 3, title: 'Ya retirada', status: 'withdrawn', mayDelete: false, mayWithdraw: false }),
      ],
    });
    renderWithProviders(<LegislativePage />);
    const fresh = await rowOf('Sin votos');
    expect(within(fresh).getByRole('button', { name: 'Eliminar: Sin votos' })).toBeInTheDocument();
    expect(within(fresh).getByRole('button', { name: 'Retirar: Sin votos' })).toBeInTheDocument();
    const voted = await rowOf('Con votos');
    expect(within(voted).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(within(voted).getByRole('button', { name: 'Retirar: Con votos' })).toBeInTheDocument();
    const withdrawn = await rowOf('Ya retirada');
    expect(within(withdrawn).queryByRole('button', { name: /Eliminar|Retirar/ })).not.toBeInTheDocument();
    expect(within(withdrawn).getByRole('button', { name: 'Configurar Votación: Ya retirada' })).toBeDisabled();
  });

  it('follows the profile\'s legislative rights, not a list of roles', async () => {
    setViewport(1280);
    localStorage.setItem(TOKEN_KEY, 'token');
    // A MINISTRO to whom the permission matrix gave Modificación on the legislative panel.
    const rights = legislativeRights([]);
    mockFetch({
      '/api/auth/profile': () =>
        jsonResponse(profile({ discordRoles: [roleIds.MINISTRO], panels: { ...rights, legislative: { read: true, modify: true, manage: true } } })),
      '/api/tickets/unread': () => jsonResponse({ count: 0 }),
      'GET /api/legislative/initiatives': () => jsonResponse([initiative({ title: 'Pendiente' })]),
    });
    renderWithProviders(<LegislativePage />);
    const row = await rowOf('Pendiente');
    expect(screen.getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Retirar: Pendiente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nueva Iniciativa/ })).toBeInTheDocument();
  });

  it('withdraws an initiative only after the confirmation', async () => {
    const open = openInitiative(5, { _id: 4, title: 'Con votos', mayDelete: false, votes: { infavor: 1, against: 0, abstention: 0 } });
    const withdrawn = { ...open, status: 'withdrawn' as const, votingEnabled: false, votingOpen: false, mayWithdraw: false };
    let listed = [open];
    const fetch = signIn([roleIds.COMITE], {}, {
      'GET /api/legislative/initiatives': () => jsonResponse(listed),
      'POST /api/legislative/initiatives/4/withdraw': () => {
        listed = [withdrawn];
        return jsonResponse(withdrawn);
      },
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(within(await rowOf('Con votos')).getByRole('button', { name: 'Retirar: Con votos' }));
    const confirm = await dialog(WITHDRAW_INITIATIVE_QUESTION);
    expect(confirm).toHaveTextContent('Conservará sus votos y su resultado');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await expectClosed(confirm);
    expect(calls(fetch, 'POST', '/api/legislative/initiatives/4/withdraw')).toHaveLength(0);

    await userEvent.click(within(await rowOf('Con votos')).getByRole('button', { name: 'Retirar: Con votos' }));
    await userEvent.click(within(await dialog(WITHDRAW_INITIATIVE_QUESTION)).getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText(INITIATIVE_WITHDRAWN)).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/legislative/initiatives/4/withdraw')).toHaveLength(1);
    const row = await rowOf('Con votos');
    await waitFor(() => expect(within(row).getByText('Retirada')).toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: /Retirar/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when a delete comes too late", async () => {
    const refusal = 'Esta iniciativa ya tiene votos: no se puede eliminar. Puedes retirarla.';
    signIn([roleIds.COMITE], { initiatives: [initiative({ _id: 5, title: 'Votada hace un momento' })] }, {
      'DELETE /api/legislative/initiatives/5': () => jsonResponse({ message: refusal }, 409),
    });
    renderWithProviders(<LegislativePage />);
    await userEvent.click(within(await rowOf('Votada hace un momento')).getByRole('button', { name: 'Eliminar: Votada hace un momento' }));
    await userEvent.click(within(await dialog(DELETE_INITIATIVE_QUESTION)).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('lists the agenda as cards', async () => {
    signIn([roleIds.MINISTRO], {
      agenda: [agendaItem({ _id: 1, title: 'Sesión ordinaria', description: 'Discusión de la reforma.', time: '18:00', date: todayISODate() })],
    });
    renderWithProviders(<LegislativePage />, '/legislative?tab=agenda');
    const card = await screen.findByRole('article', { name: 'Sesión ordinaria' });
    expect(within(card).getByText('Sesión ordinaria')).toHaveClass('agenda-card-title');
    expect(within(card).getByText('Discusión de la reforma.')).toBeInTheDocument();
    expect(within(card).getByText('18:00')).toBeInTheDocument();
    expect(within(card).getByText('Hoy')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
  });

  it("adds an agenda point: today's date by default, save disabled until title, time and date are set", async () => {
    const fetch = signIn([roleIds.CONGRESO_ADMIN], {}, {
      'POST /api/legislative/agenda': ({ init }) => jsonResponse(agendaItem({ ...JSON.parse(String(init?.body)), _id: 3 }), 201),
    });
    renderWithProviders(<LegislativePage />, '/legislative?type=Congreso&tab=agenda');
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo Punto/ }));
    const create = await dialog('Nuevo Punto en la Orden del Día');
    const save = within(create).getByRole('button', { name: 'Agregar Punto' });
    const date = within(create).getByLabelText('Fecha');
    const time = within(create).getByLabelText('Hora');
    expect(date).toHaveValue(todayISODate());
    expect(time).toHaveValue('');
    expect(save).toBeDisabled();

    await userEvent.type(within(create).getByLabelText('Título'), 'Comparecencia');
    expect(save).toBeDisabled();
    fireEvent.change(time, { target: { value: '20:30' } });
    expect(save).toBeEnabled();
    fireEvent.change(date, { target: { value: '' } });
    expect(save).toBeDisabled();
    fireEvent.change(date, { target: { value: '2026-05-04' } });
    expect(save).toBeEnabled();
    await userEvent.click(save);

    expect(await within(create).findByText('Punto de agenda creado exitosamente')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, 'POST', '/api/legislative/agenda')[0])).toEqual({
      title: 'Comparecencia',
      description: '',
      time: '20:30',
      date: '2026-05-04',
      type: 'Congreso',
    });
  });

  it('deletes an agenda point only after the confirmation', async () => {
    let listed = [agendaItem({ _id: 8, title: 'Sesión extraordinaria' })];
    const fetch = signIn([roleIds.COMITE], {}, {
      'GET /api/legislative/agenda': () => jsonResponse(listed),
      'DELETE /api/legislative/agenda/8': () => {
        listed = [];
        return jsonResponse({ message: 'Punto de agenda eliminado exitosamente' });
      },
    });
    renderWithProviders(<LegislativePage />, '/legislative?tab=agenda');
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar: Sesión extraordinaria' }));
    const confirm = await dialog(DELETE_AGENDA_ITEM_QUESTION);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await expectClosed(confirm);
    expect(calls(fetch, 'DELETE', '/api/legislative/agenda/8')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar: Sesión extraordinaria' }));
    await userEvent.click(within(await dialog(DELETE_AGENDA_ITEM_QUESTION)).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Punto de agenda eliminado exitosamente')).toBeInTheDocument();
    expect(calls(fetch, 'DELETE', '/api/legislative/agenda/8')).toHaveLength(1);
    expect(await screen.findByText(NO_AGENDA_ITEMS)).toBeInTheDocument();
  });
});
