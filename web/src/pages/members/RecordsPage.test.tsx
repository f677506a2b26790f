import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { CriminalRecord } from '../../api/types';
import { jsonResponse, mockFetch, profile, roleIds } from '../../test/fixtures';
import { charge, criminalRecord } from '../../test/identity';
import { renderWithProviders } from '../../test/render';
import { setViewport } from '../../test/viewport';
import { FORBIDDEN_TEXT, RETRY_TEXT } from '../../components/QueryState';
import { failUntilRepaired, findOneRetryableError, retry } from '../../test/loadStates';
import { MINOR_BADGE } from '../../components/dataRequests';
import { RecordsPage } from './RecordsPage';

const player = profile({ username: 'jugador', discordId: '1400000000000000014', discordRoles: [] });
const moderator = profile({ username: 'moderador', discordId: '1400000000000000005', discordRoles: [roleIds.MODERADOR] });
const rh = profile({ username: 'rh', discordId: '1400000000000000003', discordRoles: [roleIds.RH] });

type Handlers = Parameters<typeof mockFetch>[0];

function serve(user: ReturnType<typeof profile>, answer: CriminalRecord[] = [criminalRecord()], extra: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(user),
    '/api/records/search': () => jsonResponse(answer),
    ...extra,
  });
}

function searches(fetch: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetch.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/records/search?'))
    .map((url) => new URLSearchParams(url.split('?')[1]));
}

const searchForm = () => screen.getByRole('search', { name: 'Buscar expediente' });

async function search({ discordId = '', robloxUsername = '' }: { discordId?: string; robloxUsername?: string }) {
  // The form shows once the signed-in user is known.
  const form = await screen.findByRole('search', { name: 'Buscar expediente' });
  const discord = within(form).getByLabelText('ID de Discord');
  const roblox = within(form).getByLabelText('Usuario de Roblox');
  await userEvent.clear(discord);
  await userEvent.clear(roblox);
  if (discordId) {
    await userEvent.click(discord);
    await userEvent.paste(discordId);
  }
  if (robloxUsername) {
    await userEvent.click(roblox);
    await userEvent.paste(robloxUsername);
  }
  await userEvent.click(within(form).getByRole('button', { name: /Buscar/ }));
}

describe('RecordsPage', () => {
  it('sends only the fields that are filled in', async () => {
    setViewport(1280);
    const fetch = serve(player);
    renderWithProviders(<RecordsPage />, '/records');
    expect(screen.getByRole('heading', { name: 'Expedientes Criminales' })).toBeInTheDocument();

    await search({ discordId: ' 1400000000000000101 ' });
    await waitFor(() => expect(searches(fetch)).toHaveLength(1));
    expect([...(searches(fetch)[0] as URLSearchParams).entries()]).toEqual([['discordId', '1400000000000000101']]);

    await search({ robloxUsername: 'Halcon_MX' });
    await waitFor(() => expect(searches(fetch)).toHaveLength(2));
    expect([...(searches(fetch)[1] as URLSearchParams).entries()]).toEqual([['robloxUsername', 'Halcon_MX']]);

    await search({ discordId: '1400000000000000101', robloxUsername: 'Halcon_MX' });
    await waitFor(() => expect(searches(fetch)).toHaveLength(3));
    expect([...(searches(fetch)[2] as URLSearchParams).entries()]).toEqual([
      ['discordId', '1400000000000000101'],
      ['robloxUsername', 'Halcon_MX'],
    ]);
  });

  it('asks for one of the two fields and sends nothing when both are empty', async () => {
    const fetch = serve(player);
    renderWithProviders(<RecordsPage />, '/records');
    await search({});
    expect(await screen.findByText('Escribe un ID de Discord o un usuario de Roblox.')).toBeInTheDocument();
    expect(searches(fetch)).toHaveLength(0);
  });

  it('shows the record: avatar, Roblox username, and the charges under CARGO and FECHA with dd/mm/yyyy dates', async () => {
    serve(player, [criminalRecord({ avatar: 'https://tr.rbxcdn.com/halcon.png' })]);
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    const record = await screen.findByRole('region', { name: 'Expediente' });
    expect(within(record).getByRole('heading', { name: 'Halcon_MX' })).toBeInTheDocument();
    expect(within(record).getByRole('img', { name: 'Halcon_MX' })).toHaveAttribute('src', 'https://tr.rbxcdn.com/halcon.png');
    expect(within(record).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['CARGO', 'FECHA']);
    expect(within(record).getByText('Exceso de velocidad en la avenida principal')).toBeInTheDocument();
    expect(within(record).getByText('05/03/2025')).toBeInTheDocument();
    expect(within(record).getByText('01/03/2025')).toBeInTheDocument();
    expect(within(record).getByRole('button', { name: /Descargar PDF/ })).toBeInTheDocument();
  });

  it("marks a minor's record with a badge", async () => {
    serve(moderator, [criminalRecord({ minor: true })]);
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    const record = await screen.findByRole('region', { name: 'Expediente' });
    expect(within(record).getByText(MINOR_BADGE)).toBeInTheDocument();
  });

  it('shows no minor badge on an adult record', async () => {
    serve(moderator, [criminalRecord()]);
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    const record = await screen.findByRole('region', { name: 'Expediente' });
    expect(within(record).queryByText(MINOR_BADGE)).toBeNull();
  });

  it('falls back to the Discord avatar, then to the initial', async () => {
    serve(player, [criminalRecord({ discordAvatar: 'abc123' })]);
    const { unmount } = renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    const record = await screen.findByRole('region', { name: 'Expediente' });
    expect(within(record).getByRole('img', { name: 'Halcon_MX' })).toHaveAttribute('src', 'https://cdn.discordapp.com/avatars/1400000000000000101/abc123.png');
    unmount();

    serve(player, [criminalRecord()]);
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    const plain = await screen.findByRole('region', { name: 'Expediente' });
    expect(within(plain).queryByRole('img', { name: 'Halcon_MX' })).not.toBeInTheDocument();
    expect(within(plain).getByText('H')).toBeInTheDocument();
  });

  it("says 'No se encontraron expedientes.' when nobody matches", async () => {
    serve(player, []);
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Nadie' });
    expect(await screen.findByText('No se encontraron expedientes.')).toBeInTheDocument();
  });

  it("says 'No se encontraron registros criminales.' for a record without charges", async () => {
    serve(player, [criminalRecord({ charges: [] })]);
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    const record = await screen.findByRole('region', { name: 'Expediente' });
    expect(within(record).getByText('No se encontraron registros criminales.')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses the search", async () => {
    serve(player, [], { '/api/records/search': () => jsonResponse({ message: 'El ID de Discord debe ser un número de 17 a 20 dígitos.' }, 400) });
    renderWithProviders(<RecordsPage />, '/records');
    await search({ discordId: '123' });
    expect(await screen.findByText('El ID de Discord debe ser un número de 17 a 20 dígitos.')).toBeInTheDocument();
  });

  it("shows one error with Reintentar, not 'No se encontraron expedientes.', and the record after a retry", async () => {
    const server = failUntilRepaired('Error al buscar expedientes');
    serve(player, [], { '/api/records/search': server.answer(() => jsonResponse([criminalRecord()])) });
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    await findOneRetryableError('Error al buscar expedientes');
    expect(screen.queryByText('No se encontraron expedientes.')).not.toBeInTheDocument();

    server.repair();
    await retry();
    expect(await screen.findByRole('region', { name: 'Expediente' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the reader may not see records, without a retry, when the search is refused with 403', async () => {
    serve(player, [], { '/api/records/search': () => new Response('', { status: 403 }) });
    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    expect(await screen.findByText(FORBIDDEN_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RETRY_TEXT })).not.toBeInTheDocument();
    expect(screen.queryByText('No se encontraron expedientes.')).not.toBeInTheDocument();
  });

  it('needs the stored token to search', async () => {
    const fetch = serve(player);
    renderWithProviders(<RecordsPage />, '/records');
    await screen.findByRole('search', { name: 'Buscar expediente' });
    // Signed out in another tab: the token is gone, this tab still shows the page.
    localStorage.removeItem(TOKEN_KEY);
    await search({ robloxUsername: 'Halcon_MX' });
    expect(await screen.findByText('No se encontró el token de autenticación.')).toBeInTheDocument();
    expect(searches(fetch)).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in', () => {
    mockFetch();
    renderWithProviders(<RecordsPage />, '/records');
    expect(screen.getByText('Inicia Sesión para usar esto')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('downloads the PDF with the bearer token, under the name the server gives', async () => {
    let authorization: string | null = null;
    let pdfUrl = '';
    serve(player, [criminalRecord()], {
      '/api/records/pdf': ({ url, init }) => {
        pdfUrl = url;
        authorization = new Headers(init?.headers).get('Authorization');
        return new Response('%PDF-1.4', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': "attachment; filename*=UTF-8''expediente-Halcon_MX.pdf" },
        });
      },
    });
    // Object URLs are replaced for the test (jsdom cannot make one of Node's Blobs), then put back.
    const createObjectURL = vi.fn(() => 'blob:expediente');
    for (const [name, value] of [['createObjectURL', createObjectURL], ['revokeObjectURL', vi.fn()]] as const) {
      const original = Object.getOwnPropertyDescriptor(URL, name);
      Object.defineProperty(URL, name, { value, configurable: true, writable: true });
      onTestFinished(() => {
        if (original) Object.defineProperty(URL, name, original);
        else Reflect.deleteProperty(URL, name);
      });
    }
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    renderWithProviders(<RecordsPage />, '/records');
    await search({ robloxUsername: 'Halcon_MX' });
    const record = await screen.findByRole('region', { name: 'Expediente' });
    await userEvent.click(within(record).getByRole('button', { name: /Descargar PDF/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(pdfUrl).toBe('/api/records/pdf?robloxUsername=Halcon_MX');
    expect(authorization).toBe('Bearer token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked[0]?.download).toBe('expediente-Halcon_MX.pdf');
    expect(clicked[0]?.href).toBe('blob:expediente');
  });

  it('offers no charge form to a player', async () => {
    const fetch = serve(player);
    renderWithProviders(<RecordsPage />, '/records');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/auth/profile')).toBe(true));
    // By the time a search has answered, the profile read before it has been applied.
    await search({ robloxUsername: 'Halcon_MX' });
    await screen.findByRole('region', { name: 'Expediente' });
    expect(screen.queryByText('Agregar cargo')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Descripción del cargo')).not.toBeInTheDocument();
  });

  it.each([
    ['MODERADOR', moderator],
    ['RH (ADMIN group)', rh],
  ])('lets %s add a charge, then shows the updated record', async (_name, user) => {
    let body: unknown = null;
    const updated = criminalRecord({
      robloxUsername: 'JugadorMX',
      discordId: '1400000000000000014',
      username: 'jugador',
      charges: [charge({ _id: 7, description: 'Daños a propiedad ajena', date: '2025-03-06', addedBy: user.username })],
    });
    serve(user, [updated], {
      'POST /api/records/charges': ({ init }) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse({ message: 'Cargo agregado al expediente.', record: updated }, 201);
      },
    });
    renderWithProviders(<RecordsPage />, '/records');
    const form = (await screen.findByText('Agregar cargo', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;

    await userEvent.click(within(form).getByRole('button', { name: /Agregar cargo/ }));
    expect(await within(form).findByText('Escribe un ID de Discord o un usuario de Roblox.')).toBeInTheDocument();
    expect(within(form).getByText('Describe el cargo')).toBeInTheDocument();

    await userEvent.click(within(form).getByLabelText('ID de Discord'));
    await userEvent.paste('1400000000000000014');
    await userEvent.click(within(form).getByLabelText('Descripción del cargo'));
    await userEvent.paste('Daños a propiedad ajena');
    await userEvent.click(within(form).getByRole('button', { name: /Agregar cargo/ }));

    await waitFor(() => expect(body).toEqual({ discordId: '1400000000000000014', description: 'Daños a propiedad ajena' }));
    const record = await screen.findByRole('region', { name: 'Expediente' });
    expect(within(record).getByText('Daños a propiedad ajena')).toBeInTheDocument();
    expect(within(searchForm()).getByLabelText('ID de Discord')).toHaveValue('1400000000000000014');
  });

  it("shows the server's message when it refuses a charge", async () => {
    serve(moderator, [], {
      'POST /api/records/charges': () =>
        jsonResponse({ message: 'No se encontró a esa persona: revisa el ID de Discord o el usuario de Roblox.' }, 404),
    });
    renderWithProviders(<RecordsPage />, '/records');
    const form = (await screen.findByText('Agregar cargo', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
    await userEvent.click(within(form).getByLabelText('Usuario de Roblox'));
    await userEvent.paste('Nadie_99');
    await userEvent.click(within(form).getByLabelText('Descripción del cargo'));
    await userEvent.paste('Robo');
    await userEvent.click(within(form).getByRole('button', { name: /Agregar cargo/ }));
    expect(await within(form).findByText('No se encontró a esa persona: revisa el ID de Discord o el usuario de Roblox.')).toBeInTheDocument();
  });
});
