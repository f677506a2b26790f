import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { TOKEN_KEY } from '../../api/client';
import type { Profile, Sale } from '../../api/types';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { findDialogTitled } from '../../test/tickets';
import { auditor, catalogue, members, sale, tesoreria } from '../../test/treasury';
import { setViewport } from '../../test/viewport';
import { SalesHistoryPage } from './SalesHistoryPage';

type Handlers = Parameters<typeof mockFetch>[0];

const history: Sale[] = [
  sale({ _id: 9 }),
  sale({
    _id: 8,
    item: 'PASE',
    currency: 'ROBUX',
    originalPrice: 550,
    discount: 0,
    finalPrice: 550,
    voided: true,
    voidedAt: '2025-03-04T10:00:00Z',
    voidedBy: 'tesoreria',
    voidReason: 'El comprador pidió la devolución',
  }),
];

function serveHistory(user: Profile = tesoreria, handlers: Handlers = {}) {
  localStorage.setItem(TOKEN_KEY, 'token');
  return mockFetch({
    '/api/auth/profile': () => jsonResponse(user),
    '/api/tickets/unread': () => jsonResponse({ count: 0 }),
    'GET /api/treasury/sales': () => jsonResponse(history),
    '/api/treasury/members': () => jsonResponse(members),
    '/api/treasury/catalogue': () => jsonResponse(catalogue),
    ...handlers,
  });
}

const salesRequests = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .map(([url, init]) => ({ url: String(url), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.split('?')[0] === '/api/treasury/sales')
    .map(({ url }) => new URLSearchParams(url.split('?')[1]));

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

async function chooseOption(select: HTMLElement, title: string) {
  await userEvent.click(select);
  let option: HTMLElement | undefined;
  await waitFor(() => {
    option = screen.getAllByTitle(title).find((element) => element.classList.contains('ant-select-item-option'));
    expect(option).toBeDefined();
  });
  await userEvent.click(option as HTMLElement);
}

describe('SalesHistoryPage', () => {
  it('lists the sales newest first and marks the voided ones with their reason', async () => {
    setViewport(1280);
    serveHistory();
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    await screen.findByText('Pase');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '#',
      'Fecha',
      'Comprador',
      'Artículo',
      'Precio',
      'Desc.',
      'Precio final',
      'Estado',
      'Acciones',
    ]);
    const live = row('Paquete 2 Legal');
    expect(live).not.toHaveTextContent('PAQUETE2_LEGAL');
    expect(within(live).getByTitle('Paquete 2 Legal (PAQUETE2_LEGAL)')).toBeInTheDocument();
    expect(live).toHaveTextContent('#9');
    expect(live).toHaveTextContent('por tesoreria');
    expect(live).toHaveTextContent('$140.00');
    expect(live).toHaveTextContent('20 %');
    expect(live).toHaveTextContent('$112.00');
    expect(live).toHaveTextContent('Vigente');
    expect(live).not.toHaveClass('sale-row-voided');

    const voided = row('Pase');
    expect(voided).toHaveClass('sale-row-voided');
    expect(within(voided).getByText('Anulada')).toBeInTheDocument();
    expect(voided).toHaveTextContent('El comprador pidió la devolución');
    expect(voided).toHaveTextContent('550 Robux');
    expect(within(voided).queryByRole('button', { name: /Anular/ })).not.toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Anular venta #9' })).toBeInTheDocument();
  });

  it('sends the item, the seller and the dates as filters', async () => {
    setViewport(1280);
    const fetch = serveHistory();
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    await screen.findByText('Pase');
    expect(Object.fromEntries(salesRequests(fetch)[0] ?? [])).toEqual({ limit: '50' });

    await chooseOption(screen.getByRole('combobox', { name: 'Filtrar por artículo' }), 'VIP');
    await waitFor(() => expect(salesRequests(fetch).at(-1)?.get('item')).toBe('VIP'));
    await chooseOption(screen.getByRole('combobox', { name: 'Filtrar por vendedor' }), 'auditor');
    await waitFor(() => expect(salesRequests(fetch).at(-1)?.get('sellerId')).toBe('1400000000000000009'));

    const [start, end] = screen.getAllByPlaceholderText(/Fecha (inicial|final)/);
    await userEvent.click(start as HTMLElement);
    fireEvent.change(start as HTMLElement, { target: { value: '01/03/2025' } });
    fireEvent.keyDown(start as HTMLElement, { key: 'Enter' });
    fireEvent.change(end as HTMLElement, { target: { value: '31/03/2025' } });
    fireEvent.keyDown(end as HTMLElement, { key: 'Enter' });
    await waitFor(() => {
      const last = salesRequests(fetch).at(-1);
      expect(Object.fromEntries(last ?? [])).toEqual({ item: 'VIP', sellerId: '1400000000000000009', from: '2025-03-01', to: '2025-03-31', limit: '50' });
    });
  });

  it('counts a single sale shown in the singular', async () => {
    setViewport(1280);
    serveHistory(tesoreria, { 'GET /api/treasury/sales': () => jsonResponse([sale({ _id: 7, item: 'UNICA' })]) });
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    await screen.findByText('UNICA');
    expect(screen.getByText('1 venta mostrada')).toBeInTheDocument();
  });

  it("reads older sales with 'Cargar más'", async () => {
    setViewport(1280);
    const firstPage = Array.from({ length: 50 }, (_, i) => sale({ _id: 200 - i, item: i === 0 ? 'PRIMERA' : 'VIP' }));
    const fetch = serveHistory(tesoreria, {
      'GET /api/treasury/sales': ({ url }) =>
        jsonResponse(new URLSearchParams(url.split('?')[1]).get('before') ? [sale({ _id: 12, item: 'ANTIGUA' })] : firstPage),
    });
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    await screen.findByText('PRIMERA');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('ANTIGUA')).toBeInTheDocument();
    expect(salesRequests(fetch).at(-1)?.get('before')).toBe('151');
    expect(screen.getByText('PRIMERA')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument());
  });

  it('voids a sale with a reason; an auditor may too', async () => {
    setViewport(1280);
    const fetch = serveHistory(auditor, {
      'POST /api/treasury/sales/9/void': () => jsonResponse(sale({ _id: 9, voided: true, voidReason: 'Pago duplicado' })),
    });
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    await userEvent.click(await screen.findByRole('button', { name: 'Anular venta #9' }));
    const dialog = await findDialogTitled('Anular Venta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular Venta' }));
    expect(await within(dialog).findByText('Escribe el motivo de la anulación')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), '  Pago duplicado ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anular Venta' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/treasury/sales/9/void')).toBe(true));
    const post = fetch.mock.calls.find(([url]) => String(url) === '/api/treasury/sales/9/void');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Pago duplicado' });
    expect(await screen.findByText('Venta anulada exitosamente')).toBeInTheDocument();
  });

  it("says 'Error al cargar el historial de ventas' when the list fails", async () => {
    serveHistory(tesoreria, { 'GET /api/treasury/sales': () => new Response('', { status: 500 }) });
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    expect(await screen.findByText('Error al cargar el historial de ventas')).toBeInTheDocument();
  });

  it("says 'No hay ventas registradas' when there are none", async () => {
    serveHistory(tesoreria, { 'GET /api/treasury/sales': () => jsonResponse([]) });
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    expect(await screen.findByText('No hay ventas registradas')).toBeInTheDocument();
  });

  it('exports the filtered history as a CSV file', async () => {
    setViewport(1280);
    const fetch = serveHistory(tesoreria, {
      'GET /api/treasury/sales/export': () => new Response('id,fecha\n9,2025-03-03\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:ventas');
    const revokeObjectURL = vi.fn();
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, original));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    await screen.findByText('Pase');
    await chooseOption(screen.getByRole('combobox', { name: 'Filtrar por artículo' }), 'VIP');
    await userEvent.click(screen.getByRole('button', { name: /Exportar CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = fetch.mock.calls.find(([url]) => String(url).startsWith('/api/treasury/sales/export'));
    expect(String(exported?.[0])).toBe('/api/treasury/sales/export?item=VIP');
    expect(new Headers(exported?.[1]?.headers).get('Authorization')).toBe('Bearer token');
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('ventas.csv');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('shows the sales as cards on a narrow screen', async () => {
    setViewport(375);
    serveHistory();
    renderWithProviders(<SalesHistoryPage />, '/treasury/history');
    const list = await screen.findByRole('list', { name: 'Ventas' });
    const voided = within(list).getByRole('listitem', { name: 'Venta #8' });
    expect(voided).toHaveTextContent('Anulada');
    expect(voided).toHaveTextContent('El comprador pidió la devolución');
    const live = within(list).getByRole('listitem', { name: 'Venta #9' });
    expect(live).toHaveTextContent('$140.00 MXN con 20 % de descuento');
    expect(live).toHaveTextContent('$112.00 MXN');
    expect(within(live).getByRole('button', { name: 'Anular venta #9' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
