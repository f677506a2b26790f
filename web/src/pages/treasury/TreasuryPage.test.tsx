import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Sale, TreasuryBuyer } from '../../api/types';
import { everyPanel, jsonResponse, mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled } from '../../test/tickets';
import { catalogue, members, sale, summary, tesoreria } from '../../test/treasury';
import { setViewport } from '../../test/viewport';
import { failUntilRepaired, findOneRetryableError, retry } from '../../test/loadStates';
import { FORBIDDEN_TEXT, NOT_MEASURED, RETRY_TEXT } from '../../components/QueryState';
import { NO_REGISTER_RIGHT, RegisterSalePage } from './RegisterSalePage';
import { TreasuryPage } from './TreasuryPage';
import { BUYER_TYPE_MORE, buyerName } from './BuyerSelect';
import { BUYER_REQUIRED } from './SaleForm';

/** Types a value at once (a paste): keystroke by keystroke is slow on a loaded machine. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

type Handlers = Parameters<typeof mockFetch>[0];

const recentSales: Sale[] = [
  sale({ _id: 6, item: 'VIP', originalPrice: 90, discount: 0, finalPrice: 90 }),
  sale({ _id: 5, item: 'PASE', currency: 'ROBUX', originalPrice: 550, discount: 0, finalPrice: 550, voided: true, voidReason: 'Devolución' }),
];

const income = {
  months: ['2026-10', '2026-11'],
  income: [
    { month: '2026-10', currency: 'MXN', item: 'vip', itemLabel: 'VIP', amount: 100, sales: 1 },
    { month: '2026-11', currency: 'MXN', item: 'vip', itemLabel: 'VIP', amount: 190.5, sales: 2 },
    { month: '2026-11', currency: 'MXN', item: 'legal1', itemLabel: 'Paquete Legal 1', amount: 50, sales: 1 },
    { month: '2026-11', currency: 'ROBUX', item: 'auto', itemLabel: 'Auto deportivo', amount: 1000, sales: 1 },
  ],
};

const guild: TreasuryBuyer[] = [
  { id: '1400000000000000014', username: 'jugador', globalName: 'Jugador', avatar: '' },
  { id: '1400000000000000099', username: 'jugadora_vip', globalName: '', avatar: '' },
];

function serveTreasury(handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(tesoreria),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    '/api/treasury/summary': () => jsonResponse(summary()),
    '/api/treasury/income': () => jsonResponse(income),
    'GET /api/treasury/sales': () => jsonResponse(recentSales),
    '/api/treasury/members': () => jsonResponse(members),
    '/api/treasury/catalogue': () => jsonResponse(catalogue),
    '/api/treasury/buyers': ({ url }) => {
      const search = (new URL(url, 'http://portal').searchParams.get('search') ?? '').toLowerCase();
      return jsonResponse(guild.filter((buyer) => buyer.username.includes(search) || buyer.id.startsWith(search)));
    },
    ...handlers,
  });
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);

/** An option of the open select list. */
async function chooseOption(select: HTMLElement, title: string) {
  await userEvent.click(select);
  let option: HTMLElement | undefined;
  await waitFor(() => {
    option = screen.getAllByTitle(title).find((element) => element.classList.contains('ant-select-item-option'));
    expect(option).toBeDefined();
  });
  await userEvent.click(option as HTMLElement);
}

/** Finds the buyer by what is typed (pasted, as a fast typist would) and picks them from the list. */
async function chooseBuyer(scope: HTMLElement, typed: string, buyer: TreasuryBuyer) {
  await fill(await within(scope).findByRole('combobox', { name: 'Comprador' }), typed);
  let option: HTMLElement | undefined;
  await waitFor(() => {
    option = screen.getAllByTitle(buyerName(buyer)).find((element) => element.classList.contains('ant-select-item-option'));
    expect(option).toBeDefined();
  });
  await userEvent.click(option as HTMLElement);
}

const priceLine = (scope: HTMLElement, label: string) => within(scope).getByRole('group', { name: label });

/** The dialog closes: it leaves the page, or is on its way out (jsdom never ends the animation). */
async function expectClosed(dialog: HTMLElement) {
  await waitFor(() => expect(!dialog.isConnected || /-leave/.test(dialog.className)).toBe(true), { timeout: 5000 });
}

async function openNewSale() {
  await userEvent.click(await screen.findByRole('button', { name: /Nueva Venta/ }));
  return findDialogTitled('Nueva Venta');
}

describe('TreasuryPage', () => {
  it('shows the figures, the last 5 sales, the first 3 members and the management cards', async () => {
    setViewport(1280);
    const fetch = serveTreasury();
    renderWithProviders(<TreasuryPage />, '/treasury');
    expect(screen.getByRole('heading', { name: 'Tesorería' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Ventas Totales' })).toHaveTextContent('12'));
    expect(screen.getByRole('group', { name: 'Ingresos del Mes' })).toHaveTextContent('$1,234.50 MXN');
    expect(screen.getByRole('group', { name: 'Ingresos del Mes' })).toHaveTextContent('550 Robux');
    expect(screen.getByRole('group', { name: 'Miembros' })).toHaveTextContent('4');

    const sales = await screen.findByRole('list', { name: 'Últimas ventas' });
    expect(within(sales).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sales).getByText('VIP').closest('li')).toHaveTextContent('$90.00');
    const voided = within(sales).getByText('Pase').closest('li') as HTMLElement;
    expect(voided).toHaveTextContent('550 Robux');
    expect(within(voided).getByText('Anulada')).toBeInTheDocument();
    expect(voided).toHaveTextContent('Devolución');
    expect(new URLSearchParams(String(calls(fetch, 'GET', '/api/treasury/sales')[0]?.[0]).split('?')[1]).get('limit')).toBe('5');

    const team = await screen.findByRole('list', { name: 'Miembros de tesorería' });
    expect(within(team).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ttesoreria', 'Aauditor', 'Ccontadora']);

    expect(screen.getByRole('link', { name: /^Registrar Venta/ })).toHaveAttribute('href', '/treasury/register');
    expect(screen.getByRole('link', { name: /^Historial de Ventas/ })).toHaveAttribute('href', '/treasury/history');
    expect(screen.getByRole('link', { name: /^Miembros de Tesorería/ })).toHaveAttribute('href', '/treasury/members');
  });

  it('charts the income per month and item, one chart per currency, with the figures as a table', async () => {
    setViewport(1280);
    serveTreasury();
    renderWithProviders(<TreasuryPage />, '/treasury');
    const pesos = await screen.findByRole('region', { name: 'Ingresos por mes en MXN' });
    const drawing = await within(pesos).findByRole('img');
    expect(drawing.getAttribute('aria-label')).toMatch(/^Gráfica de barras apiladas: Ingresos por mes en MXN, de oct.* 2026 a nov.* 2026\. VIP: \$290\.50 MXN en total; Paquete Legal 1: \$50\.00 MXN en total\.$/);
    await userEvent.click(within(pesos).getByRole('button', { name: 'Ver datos' }));
    const rows = within(pesos).getAllByRole('row').map((row) => row.textContent);
    expect(rows[0]).toBe('MesVIPPaquete Legal 1');
    expect(rows[2]).toMatch(/^nov.* 2026\$190\.50 MXN\$50\.00 MXN$/);
    const robux = screen.getByRole('region', { name: 'Ingresos por mes en Robux' });
    expect(within(robux).getByRole('img').getAttribute('aria-label')).toContain('Auto deportivo: 1,000 Robux en total');
  });

  it("says 'No hay ventas registradas' and 'No se encontraron miembros de tesorería' when there are none", async () => {
    serveTreasury({ 'GET /api/treasury/sales': () => jsonResponse([]), '/api/treasury/members': () => jsonResponse([]) });
    renderWithProviders(<TreasuryPage />, '/treasury');
    expect(await screen.findByText('No hay ventas registradas')).toBeInTheDocument();
    expect(await screen.findByText('No se encontraron miembros de tesorería')).toBeInTheDocument();
  });

  it("says 'Error de conexión al cargar ventas/miembros' when the sales cannot be reached", async () => {
    serveTreasury({
      'GET /api/treasury/sales': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithProviders(<TreasuryPage />, '/treasury');
    expect(await screen.findByText('Error de conexión al cargar ventas/miembros')).toBeInTheDocument();
  });

  it('shows one error with Reintentar instead of zeros and empty lists, and shows the figures after a retry', async () => {
    setViewport(1280);
    const server = failUntilRepaired('Error del servidor');
    serveTreasury({
      '/api/treasury/summary': server.answer(() => jsonResponse(summary())),
      'GET /api/treasury/sales': server.answer(() => jsonResponse(recentSales)),
      '/api/treasury/members': server.answer(() => jsonResponse(members)),
    });
    renderWithProviders(<TreasuryPage />, '/treasury');
    await findOneRetryableError('Error del servidor');
    for (const figure of ['Ventas Totales', 'Ingresos del Mes', 'Miembros']) {
      expect(screen.getByRole('group', { name: figure })).toHaveTextContent(NOT_MEASURED);
    }
    expect(screen.queryByText(/\$0\.00/)).not.toBeInTheDocument();
    expect(screen.queryByText('No hay ventas registradas')).not.toBeInTheDocument();
    expect(screen.queryByText('No se encontraron miembros de tesorería')).not.toBeInTheDocument();

    server.repair();
    await retry();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Ventas Totales' })).toHaveTextContent('12'));
    expect(await screen.findByRole('list', { name: 'Últimas ventas' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Miembros de tesorería' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the reader may not see it, without figures or a retry, when every read is refused', async () => {
    const refused = () => new Response('', { status: 403 });
    serveTreasury({ '/api/treasury/summary': refused, '/api/treasury/income': refused, 'GET /api/treasury/sales': refused, '/api/treasury/members': refused });
    renderWithProviders(<TreasuryPage />, '/treasury');
    expect(await screen.findByText(FORBIDDEN_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Ventas Totales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RETRY_TEXT })).not.toBeInTheDocument();
  });
});

describe('New sale dialog', () => {
  it('shows the catalogue and the final price live, and robux for robux items', async () => {
    setViewport(1280);
    serveTreasury();
    renderWithProviders(<TreasuryPage />, '/treasury');
    const dialog = await openNewSale();
    expect(priceLine(dialog, 'Precio final')).toHaveTextContent('—');

    await chooseOption(within(dialog).getByRole('combobox', { name: 'Artículo' }), 'Paquete 2 Legal (PAQUETE2_LEGAL) · $140.00 MXN');
    expect(priceLine(dialog, 'Precio de catálogo')).toHaveTextContent('$140.00');
    expect(priceLine(dialog, 'Precio final')).toHaveTextContent('$140.00');

    const discount = within(dialog).getByRole('spinbutton', { name: /^Descuento/ });
    await userEvent.clear(discount);
    await userEvent.type(discount, '20');
    await waitFor(() => expect(priceLine(dialog, 'Precio final')).toHaveTextContent('$112.00'));
    expect(priceLine(dialog, 'Descuento')).toHaveTextContent('20 %');

    await chooseOption(within(dialog).getByRole('combobox', { name: 'Artículo' }), 'Pase (PASE) · 550 Robux');
    expect(priceLine(dialog, 'Precio de catálogo')).toHaveTextContent('550 Robux');
    expect(priceLine(dialog, 'Precio final')).toHaveTextContent('440 Robux');
  });

  it('keeps the discount between 0 and 100', async () => {
    setViewport(1280);
    serveTreasury();
    renderWithProviders(<TreasuryPage />, '/treasury');
    const dialog = await openNewSale();
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Artículo' }), 'VIP · $90.00 MXN');
    const discount = within(dialog).getByRole('spinbutton', { name: /^Descuento/ });

    await userEvent.clear(discount);
    await userEvent.type(discount, '150');
    await userEvent.tab();
    await waitFor(() => expect(discount).toHaveValue('100'));
    expect(priceLine(dialog, 'Precio final')).toHaveTextContent('$0.00');

    await userEvent.clear(discount);
    await userEvent.type(discount, '-5');
    await userEvent.tab();
    await waitFor(() => expect(discount).toHaveValue('0'));
    expect(priceLine(dialog, 'Precio final')).toHaveTextContent('$90.00');
  });

  it('sends only the buyer, the item and the discount, then closes and reloads the sales and figures', async () => {
    setViewport(1280);
    const created = sale({ _id: 7 });
    const fetch = serveTreasury({ 'POST /api/treasury/sales': () => jsonResponse(created, 201) });
    renderWithProviders(<TreasuryPage />, '/treasury');
    await screen.findByRole('list', { name: 'Últimas ventas' });
    const salesBefore = calls(fetch, 'GET', '/api/treasury/sales').length;
    const summaryBefore = calls(fetch, 'GET', '/api/treasury/summary').length;

    const dialog = await openNewSale();
    await chooseBuyer(dialog, 'jugador', guild[0]!);
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Artículo' }), 'Paquete 2 Legal (PAQUETE2_LEGAL) · $140.00 MXN');
    const discount = within(dialog).getByRole('spinbutton', { name: /^Descuento/ });
    await userEvent.clear(discount);
    await userEvent.type(discount, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: /Registrar Venta/ }));

    expect(await within(dialog).findByText('Venta registrada exitosamente')).toBeInTheDocument();
    const posts = calls(fetch, 'POST', '/api/treasury/sales');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ buyerDiscordId: '1400000000000000014', item: 'PAQUETE2_LEGAL', discount: 20 });
    await waitFor(() => expect(calls(fetch, 'GET', '/api/treasury/sales').length).toBeGreaterThan(salesBefore));
    await waitFor(() => expect(calls(fetch, 'GET', '/api/treasury/summary').length).toBeGreaterThan(summaryBefore));
    await expectClosed(dialog);

    await userEvent.click(screen.getByRole('button', { name: /Nueva Venta/ }));
    const again = await waitFor(() => {
      const open = screen.getAllByRole('dialog').find((candidate) => !/-leave/.test(candidate.className));
      expect(open).toBeDefined();
      return open as HTMLElement;
    });
    expect(within(again).getByRole('combobox', { name: 'Comprador' })).toHaveValue('');
    expect(within(again).queryByText(buyerName(guild[0]!))).not.toBeInTheDocument();
    expect(within(again).queryByText('Venta registrada exitosamente')).not.toBeInTheDocument();
  });

  it("shows the server's message, or 'Error al registrar la venta', and stays open", async () => {
    setViewport(1280);
    let answer = () => jsonResponse({ message: 'El comprador no es miembro del servidor de Discord: revisa su ID.' }, 400);
    serveTreasury({ 'POST /api/treasury/sales': () => answer() });
    renderWithProviders(<TreasuryPage />, '/treasury');
    const dialog = await openNewSale();
    await chooseBuyer(dialog, '1400000000000000099', guild[1]!);
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Artículo' }), 'VIP · $90.00 MXN');
    await userEvent.click(within(dialog).getByRole('button', { name: /Registrar Venta/ }));
    expect(await within(dialog).findByText('El comprador no es miembro del servidor de Discord: revisa su ID.')).toBeInTheDocument();

    answer = () => new Response('', { status: 500 });
    await userEvent.click(within(dialog).getByRole('button', { name: /Registrar Venta/ }));
    expect(await within(dialog).findByText('Error al registrar la venta')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('finds the buyer by name instead of a 19-digit id, asking the server only from two letters', async () => {
    setViewport(390);
    const fetch = serveTreasury({ 'POST /api/treasury/sales': () => jsonResponse(sale({ _id: 9 }), 201) });
    renderWithProviders(<TreasuryPage />, '/treasury');
    const dialog = await openNewSale();
    const buyer = within(dialog).getByRole('combobox', { name: 'Comprador' });
    await fill(buyer, 'j');
    expect(await screen.findByText(BUYER_TYPE_MORE)).toBeInTheDocument();
    expect(calls(fetch, 'GET', '/api/treasury/buyers')).toHaveLength(0);

    await chooseBuyer(dialog, 'ugadora', guild[1]!);
    expect(new URL(String(calls(fetch, 'GET', '/api/treasury/buyers').at(-1)?.[0]), 'http://portal').searchParams.get('search')).toBe('jugadora');
    expect(within(dialog).getAllByText(buyerName(guild[1]!)).length).toBeGreaterThan(0);
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Artículo' }), 'VIP · $90.00 MXN');
    await userEvent.click(within(dialog).getByRole('button', { name: /Registrar Venta/ }));
    await waitFor(() => expect(calls(fetch, 'POST', '/api/treasury/sales')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/treasury/sales')[0]?.[1]?.body)).buyerDiscordId).toBe('1400000000000000099');
  });

  it('asks for the buyer and the item before sending', async () => {
    setViewport(1280);
    const fetch = serveTreasury();
    renderWithProviders(<TreasuryPage />, '/treasury');
    const dialog = await openNewSale();
    await userEvent.click(within(dialog).getByRole('button', { name: /Registrar Venta/ }));
    expect(await within(dialog).findByText(BUYER_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText('Elige un artículo del catálogo')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/api/treasury/sales')).toHaveLength(0);
  });
});

describe('RegisterSalePage', () => {
  it('registers a sale from the page and resets the form', async () => {
    setViewport(1280);
    const fetch = serveTreasury({ 'POST /api/treasury/sales': () => jsonResponse(sale({ _id: 8, item: 'VIP', finalPrice: 90, discount: 0 }), 201) });
    renderWithProviders(<RegisterSalePage />, '/treasury/register');
    await chooseBuyer(document.body, 'Jug', guild[0]!);
    await chooseOption(screen.getByRole('combobox', { name: 'Artículo' }), 'VIP · $90.00 MXN');
    await userEvent.click(screen.getByRole('button', { name: /Registrar Venta/ }));
    expect(await screen.findByText('Venta registrada exitosamente')).toBeInTheDocument();
    expect(JSON.parse(String(calls(fetch, 'POST', '/api/treasury/sales')[0]?.[1]?.body))).toEqual({
      buyerDiscordId: '1400000000000000014',
      item: 'VIP',
      discount: 0,
    });
    await waitFor(() => expect(screen.queryByText(buyerName(guild[0]!))).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Volver a Tesorería/ })).toBeInTheDocument();
  });

  describe('when the permission matrix takes Modificación on treasury from the role', () => {
    const readOnly = { ...tesoreria, panels: { ...everyPanel({ read: false, modify: false, manage: false }), treasury: { read: true, modify: false, manage: true } } };

    it('hides the new-sale button and the register card, and keeps the rest', async () => {
      setViewport(1280);
      serveTreasury({ '/api/auth/profile': () => jsonResponse(readOnly) });
      renderWithProviders(<TreasuryPage />, '/treasury');
      expect(await screen.findByRole('link', { name: /^Historial de Ventas/ })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Nueva Venta/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /^Registrar Venta/ })).not.toBeInTheDocument();
    });

    it('says so on the register page instead of offering the form', async () => {
      setViewport(1280);
      serveTreasury({ '/api/auth/profile': () => jsonResponse(readOnly) });
      renderWithProviders(<RegisterSalePage />, '/treasury/register');
      expect(await screen.findByText(NO_REGISTER_RIGHT)).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Comprador' })).not.toBeInTheDocument();
    });
  });
});
