import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { BlockedGroup, Delivery, DeliveryPage } from '../../api/deliveries';
import { NavBar } from '../../layout/NavBar';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { DeliveriesPage } from './DeliveriesPage';

type Handlers = Parameters<typeof mockFetch>[0];

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    id: 12,
    kind: 'channel.message',
    summary: 'Contacto: Pase VIP',
    channelId: '710000000000000002',
    channelName: 'Contacto',
    status: 'blocked',
    attempts: 3,
    reason: 'Discord: Missing Permissions (50013)',
    createdAt: '2025-03-03T18:00:00Z',
    firstAttemptAt: '2025-03-03T18:00:01Z',
    nextAttemptAt: '2025-03-03T18:10:01Z',
    ...overrides,
  };
}

const removal = delivery({
  id: 13,
  kind: 'member.roles.remove',
  summary: 'Quitar roles a 600000000000000042',
  channelId: 'roles:600000000000000042',
  channelName: 'Roles de 600000000000000042',
  status: 'failed',
  reason: 'Discord: Invalid Form Body (50035)',
  nextAttemptAt: null,
});

const missing = 'Discord: Missing Permissions (50013)';

const verifications: BlockedGroup = {
  lane: 'verify',
  laneName: 'verificación',
  reason: missing,
  cause: 'Missing Permissions',
  count: 1000,
  nextAttemptAt: '2025-03-03T19:00:00Z',
};

const contactGroup: BlockedGroup = {
  lane: '710000000000000002',
  laneName: 'Contacto',
  reason: 'Discord: Missing Access (50001)',
  cause: 'Missing Access',
  count: 1,
  nextAttemptAt: '2025-03-03T18:10:01Z',
};

/** A tiny deliveries server: lists by state, retries and discards; remembers every request. */
function serve(initial: Delivery[], extra: Handlers = {}, initialGroups: BlockedGroup[] = []) {
  localStorage.setItem(TOKEN_KEY, 'token');
  let deliveries = [...initial];
  let groups = [...initialGroups];
  const page = (state: string): DeliveryPage => {
    const shown = deliveries.filter((d) => (state === 'waiting' ? ['pending', 'blocked', 'failed'].includes(d.status) : d.status === state));
    const count = (status: string) => deliveries.filter((d) => d.status === status).length;
    return {
      deliveries: shown,
      total: shown.length,
      counts: { pending: count('pending'), blocked: count('blocked'), failed: count('failed'), discarded: count('discarded') },
      blockedGroups: groups,
    };
  };
  const act = (id: number, status: Delivery['status'], message: string) => {
    deliveries = deliveries.map((d) => (d.id === id ? { ...d, status } : d));
    return jsonResponse({ message, delivery: deliveries.find((d) => d.id === id) });
  };
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(profile()),
    'GET /api/admin/deliveries': ({ url }) => jsonResponse(page(new URL(url, 'http://x').searchParams.get('state') ?? 'waiting')),
    'POST /api/admin/deliveries/12/retry': () => act(12, 'pending', 'La entrega se intentará de nuevo ahora.'),
    'POST /api/admin/deliveries/13/discard': () => act(13, 'discarded', 'Entrega descartada: no se enviará a Discord.'),
    'POST /api/admin/deliveries/retry-all': () => {
      const moved = deliveries.filter((d) => d.status === 'blocked' || d.status === 'failed').length;
      deliveries = deliveries.map((d) => (d.status === 'blocked' || d.status === 'failed' ? { ...d, status: 'pending' } : d));
      return jsonResponse({ message: `Se intentarán de nuevo ${moved} entregas.`, retried: moved });
    },
    'POST /api/admin/deliveries/retry-group': ({ init }) => {
      const { lane, reason } = JSON.parse(String(init?.body)) as { lane: string; reason: string };
      const moved = groups.find((g) => g.lane === lane && g.reason === reason)?.count ?? 0;
      groups = groups.filter((g) => !(g.lane === lane && g.reason === reason));
      return jsonResponse({ message: `Se intentarán de nuevo ${moved} entregas.`, retried: moved });
    },
    ...extra,
  });
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function posts(fetch: ReturnType<typeof mockFetch>, path: string) {
  return fetch.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST');
}

async function confirmDialog(question: string) {
  return waitFor(() => {
    const found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(question));
    if (!found) throw new Error('no confirmation');
    return found;
  });
}

describe('DeliveriesPage', () => {
  it('lists what has not reached Discord: channel, summary, state, reason, attempts and dates', async () => {
    setViewport(1280);
    serve([delivery(), removal, delivery({ id: 14, status: 'delivered', summary: 'Ya llegó' })]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    expect(screen.getByRole('heading', { name: 'Entregas a Discord' })).toBeInTheDocument();
    await screen.findByText('Contacto: Pase VIP');
    const blocked = row('Contacto: Pase VIP');
    expect(blocked).toHaveTextContent('Contacto');
    expect(blocked).toHaveTextContent('710000000000000002');
    expect(blocked).toHaveTextContent('Bloqueada');
    expect(blocked).toHaveTextContent('Discord: Missing Permissions (50013)');
    expect(blocked).toHaveTextContent('#12 · Mensaje');
    expect(blocked).toHaveTextContent('Próximo intento');
    expect(within(blocked).getByRole('button', { name: 'Reintentar la entrega 12' })).toBeInTheDocument();
    const failed = row('Quitar roles a 600000000000000042');
    expect(failed).toHaveTextContent('Fallida');
    expect(failed).toHaveTextContent('Roles de 600000000000000042');
    expect(failed).not.toHaveTextContent('Próximo intento');
    expect(screen.queryByText('Ya llegó')).not.toBeInTheDocument();
    const counts = screen.getByLabelText('Entregas por estado');
    expect(counts).toHaveTextContent('Pendiente: 0');
    expect(counts).toHaveTextContent('Bloqueada: 1');
    expect(counts).toHaveTextContent('Fallida: 1');
  });

  it('filters by state', async () => {
    const fetch = serve([delivery(), removal, delivery({ id: 15, status: 'discarded', summary: 'Descartada antes' })]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await screen.findByText('Contacto: Pase VIP');
    await userEvent.click(screen.getByLabelText('Filtrar por estado'));
    await userEvent.click(await screen.findByTitle('Descartadas'));
    expect(await screen.findByText('Descartada antes')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Contacto: Pase VIP')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/admin/deliveries?state=discarded&page=1&limit=25'))).toBe(true);
    expect(within(row('Descartada antes')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('retries one delivery, saying which state it saw, and shows the new state', async () => {
    const fetch = serve([delivery(), removal]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar la entrega 12' }));
    expect(await screen.findByText('La entrega se intentará de nuevo ahora.')).toBeInTheDocument();
    await waitFor(() => expect(row('Contacto: Pase VIP')).toHaveTextContent('Pendiente'));
    const [call] = posts(fetch, '/api/admin/deliveries/12/retry');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ expectedStatus: 'blocked' });
  });

  it('discards only after confirmation', async () => {
    const fetch = serve([delivery(), removal]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar la entrega 13' }));
    const confirm = await confirmDialog('¿Descartar esta entrega?');
    expect(confirm).toHaveTextContent('«Quitar roles a 600000000000000042»');
    expect(posts(fetch, '/api/admin/deliveries/13/discard')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Descartar' }));
    // A discarded delivery leaves the list of those still to deliver.
    await waitFor(() => expect(screen.queryByText('Quitar roles a 600000000000000042')).not.toBeInTheDocument());
    expect(posts(fetch, '/api/admin/deliveries/13/discard')).toHaveLength(1);
    expect(screen.getByLabelText('Entregas por estado')).toHaveTextContent('Descartada: 1');
  });

  it('cancelling the confirmation discards nothing', async () => {
    const fetch = serve([removal]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Descartar la entrega 13' }));
    await userEvent.click(within(await confirmDialog('¿Descartar esta entrega?')).getByRole('button', { name: 'Cancelar' }));
    expect(posts(fetch, '/api/admin/deliveries/13/discard')).toHaveLength(0);
    expect(row('Quitar roles a 600000000000000042')).toHaveTextContent('Fallida');
  });

  it('retries every blocked and failed delivery at once', async () => {
    const fetch = serve([delivery(), removal]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await screen.findByText('Contacto: Pase VIP');
    await userEvent.click(screen.getByRole('button', { name: /Reintentar todas/ }));
    expect(await screen.findByText('Se intentarán de nuevo 2 entregas.')).toBeInTheDocument();
    await waitFor(() => expect(row('Quitar roles a 600000000000000042')).toHaveTextContent('Pendiente'));
    expect(posts(fetch, '/api/admin/deliveries/retry-all')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Reintentar todas/ })).toBeDisabled();
  });

  it("shows the server's refusal and keeps the row", async () => {
    serve([delivery()], {
      'POST /api/admin/deliveries/12/retry': () =>
        jsonResponse({ message: 'Esa entrega cambió mientras tanto (ahora: Descartada). Vuelve a cargar la lista.' }, 409),
    });
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar la entrega 12' }));
    expect(await screen.findByText('Esa entrega cambió mientras tanto (ahora: Descartada). Vuelve a cargar la lista.')).toBeInTheDocument();
    expect(row('Contacto: Pase VIP')).toHaveTextContent('Bloqueada');
  });

  it('groups blocked deliveries by cause and where they go, in the server\'s words', async () => {
    setViewport(1280);
    serve([delivery()], {}, [verifications, contactGroup]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    const section = await screen.findByRole('region', { name: 'Bloqueadas por causa' });
    const groups = within(section).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      '1,000 bloqueadas: Missing Permissions en verificación',
      '1 bloqueada: Missing Access en Contacto',
    ]);
    expect(groups[0]).toHaveTextContent('Discord: Missing Permissions (50013)');
    expect(groups[0]).toHaveTextContent('Próximo intento automático');
    expect(within(groups[0]).getByRole('button', { name: 'Reintentar el grupo: 1,000 bloqueadas: Missing Permissions en verificación' })).toHaveTextContent(
      'Reintentar las 1,000',
    );
    expect(within(groups[1]).getByRole('button', { name: /^Reintentar el grupo/ })).toHaveTextContent(/^Reintentar$/);
    expect(screen.getByText(/se reintenta sola, a los 10 minutos y luego con esperas que se duplican hasta una hora/)).toBeInTheDocument();
  });

  it('retries a whole group once its confirmation is accepted, and the group leaves', async () => {
    const fetch = serve([delivery()], {}, [verifications, contactGroup]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: /^Reintentar el grupo: 1,000 bloqueadas/ }));
    const confirm = await confirmDialog('¿Reintentar este grupo?');
    expect(confirm).toHaveTextContent('«1,000 bloqueadas: Missing Permissions en verificación». Se intentarán de nuevo ahora las 1,000');
    expect(posts(fetch, '/api/admin/deliveries/retry-group')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Se intentarán de nuevo 1000 entregas.')).toBeInTheDocument();
    const calls = posts(fetch, '/api/admin/deliveries/retry-group');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ lane: 'verify', reason: missing });
    await waitFor(() => expect(screen.queryByRole('group', { name: /en verificación$/ })).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: '1 bloqueada: Missing Access en Contacto' })).toBeInTheDocument();
  });

  it("cancelling a group's confirmation retries nothing", async () => {
    const fetch = serve([], {}, [verifications]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: /^Reintentar el grupo/ }));
    await userEvent.click(within(await confirmDialog('¿Reintentar este grupo?')).getByRole('button', { name: 'Cancelar' }));
    expect(posts(fetch, '/api/admin/deliveries/retry-group')).toHaveLength(0);
    expect(screen.getByRole('group', { name: /en verificación$/ })).toBeInTheDocument();
  });

  it("shows the server's refusal of a group's retry and keeps the group", async () => {
    serve([], { 'POST /api/admin/deliveries/retry-group': () => jsonResponse({ message: 'Solo la administración puede ver y corregir las entregas a Discord.' }, 403) }, [
      verifications,
    ]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: /^Reintentar el grupo/ }));
    await userEvent.click(within(await confirmDialog('¿Reintentar este grupo?')).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Solo la administración puede ver y corregir las entregas a Discord.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /en verificación$/ })).toBeInTheDocument();
  });

  it('shows the groups and their retry on a phone', async () => {
    setViewport(375);
    serve([delivery()], {}, [verifications]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    const group = await screen.findByRole('group', { name: '1,000 bloqueadas: Missing Permissions en verificación' });
    expect(within(group).getByRole('button', { name: /^Reintentar el grupo/ })).toBeVisible();
  });

  it('says so when everything reached Discord', async () => {
    serve([]);
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    expect(await screen.findByText('Todo llegó a Discord: no hay entregas en este estado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar todas/ })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Bloqueadas por causa' })).not.toBeInTheDocument();
  });

  it("shows the server's message when it refuses the list", async () => {
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({
      '/api/auth/profile': () => jsonResponse(profile()),
      '/api/admin/deliveries': () => jsonResponse({ message: 'Solo la administración puede ver y corregir las entregas a Discord.' }, 403),
    });
    renderWithProviders(<DeliveriesPage />, '/admin/deliveries');
    expect(await screen.findByText('Solo la administración puede ver y corregir las entregas a Discord.')).toBeInTheDocument();
    expect(screen.getByText('Acceso restringido')).toBeInTheDocument();
  });

  it('is linked from the user menu of the ADMIN group, and only theirs', async () => {
    setViewport(1280);
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ username: 'rh', discordRoles: [roleIds.RH] })) });
    renderWithProviders(<NavBar />, '/');
    await userEvent.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    await userEvent.click(await screen.findByText('Entregas a Discord'));
    expect(screen.getByTestId('location').textContent).toBe('/admin/deliveries');
    await userEvent.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    await userEvent.click(await screen.findByText('Mensajes de contacto'));
    expect(screen.getByTestId('location').textContent).toBe('/admin/contact-messages');
  });

  it('is not in the user menu of a moderator', async () => {
    setViewport(1280);
    localStorage.setItem(TOKEN_KEY, 'token');
    mockFetch({ '/api/auth/profile': () => jsonResponse(profile({ username: 'mod', discordRoles: [roleIds.MODERADOR] })) });
    renderWithProviders(<NavBar />, '/');
    await userEvent.click(await screen.findByRole('button', { name: /^Menú de usuario/ }));
    expect(await screen.findByText('Cerrar Sesión')).toBeInTheDocument();
    expect(screen.queryByText('Entregas a Discord')).not.toBeInTheDocument();
    expect(screen.queryByText('Mensajes de contacto')).not.toBeInTheDocument();
  });
});
