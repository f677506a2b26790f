import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, apiFetchBlob } from './client';
import { useCreateMutation } from './idempotency';
import { BUYER_SEARCH } from './serverConstants.gen';
import type { CatalogueEntry, Sale, SaleInput, SalesQuery, TreasuryBuyer, TreasuryIncome, TreasuryMember, TreasurySummary } from './types';

export const SALE_REGISTER_ERROR = 'Error al registrar la venta';
export const SALE_REGISTERED = 'Venta registrada exitosamente';
export const SALES_LOAD_ERROR = 'Error al cargar el historial de ventas';
export const MEMBERS_LOAD_ERROR = 'Error al cargar los miembros de tesorería';
export const TREASURY_CONNECTION_ERROR = 'Error de conexión al cargar ventas/miembros';
export const SUMMARY_LOAD_ERROR = 'Error al cargar el resumen de tesorería';
export const CATALOGUE_LOAD_ERROR = 'Error al cargar el catálogo';
export const SALE_VOID_ERROR = 'Error al anular la venta';
export const SALES_EXPORT_ERROR = 'Error al exportar las ventas';
export const BUYERS_LOAD_ERROR = 'Error al buscar al comprador';

/** 'Error al cargar los miembros (status)': the members call failed without a message of its own. */
export function membersStatusError(status: number): string {
  return `Error al cargar los miembros (${status})`;
}

/** The treasury panel shows the last 5 sales and the first 3 members. */
export const PANEL_SALES = 5;
export const PANEL_MEMBERS = 3;
/** How many sales the history reads at a time. */
export const INCOME_LOAD_ERROR = 'Error al cargar los ingresos por mes';
export const HISTORY_PAGE_SIZE = 50;

/** The history's filters, as the server takes them (dates as YYYY-MM-DD). */
export type SalesFilters = Pick<SalesQuery, 'item' | 'sellerId' | 'from' | 'to'>;

export const treasuryKeys = {
  all: ['treasury'] as const,
  sales: ['treasury', 'sales'] as const,
  recent: ['treasury', 'sales', 'recent'] as const,
  history: (filters: SalesFilters) => ['treasury', 'sales', 'history', filters] as const,
  members: ['treasury', 'members'] as const,
  summary: ['treasury', 'summary'] as const,
  // Under the summary: a sale or a void reads it again with the figures.
  income: (months: number) => ['treasury', 'summary', 'income', months] as const,
  catalogue: ['treasury', 'catalogue'] as const,
  buyers: (search: string) => ['treasury', 'buyers', search] as const,
};

/** A network failure of a sales or members call reads 'Error de conexión al cargar ventas/miembros'. */
async function treasuryRead<T>(path: string, errorMessage: string): Promise<T> {
  try {
    return await apiFetch<T>(path, { errorMessage });
  } catch (err) {
    if (err instanceof ApiError && err.isNetworkError) throw new ApiError(TREASURY_CONNECTION_ERROR, 0);
    throw err;
  }
}

/** The query string of a sales list or export: only the filters that are set. */
export function salesSearch(query: SalesQuery): string {
  const params = new URLSearchParams();
  const item = query.item?.trim();
  if (item) params.set('item', item);
  const seller = query.sellerId?.trim();
  if (seller) params.set('sellerId', seller);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.before !== undefined) params.set('before', String(query.before));
  return params.toString();
}

export async function fetchSales(query: SalesQuery): Promise<Sale[]> {
  const search = salesSearch(query);
  const sales = await treasuryRead<unknown>(`/api/treasury/sales${search ? `?${search}` : ''}`, SALES_LOAD_ERROR);
  if (!Array.isArray(sales)) throw new ApiError(SALES_LOAD_ERROR, 200);
  return sales as Sale[];
}

/** The last sales, newest first, for the treasury panel. */
export function useRecentSales() {
  return useQuery({
    queryKey: treasuryKeys.recent,
    queryFn: () => fetchSales({ limit: PANEL_SALES }),
    staleTime: 0,
  });
}

/** The filtered history, newest first, read a page at a time ('Cargar más' reads older ones). */
export function useSalesHistory(filters: SalesFilters) {
  return useInfiniteQuery({
    queryKey: treasuryKeys.history(filters),
    queryFn: ({ pageParam }) => fetchSales({ ...filters, limit: HISTORY_PAGE_SIZE, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: Sale[]) => (last.length < HISTORY_PAGE_SIZE ? undefined : last[last.length - 1]?._id),
    staleTime: 0,
  });
}

/**
 * The treasury members. A failure with a message of the server's shows it; one without reads
 * 'Error al cargar los miembros (status)'; an unreadable answer 'Error al cargar los miembros de
 * tesorería'; no answer at all 'Error de conexión al cargar ventas/miembros'.
 */
export async function fetchMembers(): Promise<TreasuryMember[]> {
  let members: unknown;
  try {
    members = await treasuryRead<unknown>('/api/treasury/members', '');
  } catch (err) {
    if (err instanceof ApiError && err.message === '') {
      throw new ApiError(err.status >= 200 && err.status < 300 ? MEMBERS_LOAD_ERROR : membersStatusError(err.status), err.status);
    }
    throw err;
  }
  if (!Array.isArray(members)) throw new ApiError(MEMBERS_LOAD_ERROR, 200);
  return members as TreasuryMember[];
}

export function useTreasuryMembers() {
  return useQuery({ queryKey: treasuryKeys.members, queryFn: fetchMembers, staleTime: 0 });
}

export function useTreasurySummary() {
  return useQuery({
    queryKey: treasuryKeys.summary,
    queryFn: () => treasuryRead<TreasurySummary>('/api/treasury/summary', SUMMARY_LOAD_ERROR),
    staleTime: 0,
  });
}

/** Income per month, currency and item, voided sales left out. */
export function useTreasuryIncome(months = 12) {
  return useQuery({
    queryKey: treasuryKeys.income(months),
    queryFn: () => treasuryRead<TreasuryIncome>(`/api/treasury/income?months=${months}`, INCOME_LOAD_ERROR),
  });
}

/** The items for sale and their prices; they change only with the server's configuration. */
export function useCatalogue() {
  return useQuery({
    queryKey: treasuryKeys.catalogue,
    queryFn: () => apiFetch<CatalogueEntry[]>('/api/treasury/catalogue', { errorMessage: CATALOGUE_LOAD_ERROR }),
    staleTime: 10 * 60_000,
  });
}

/**
 * The members a sale may be registered to whose name holds the search (or whose Discord id
 * starts with it), as the server finds them; nothing is asked below BUYER_SEARCH.minLength
 * characters. The last answer stays while the next is read.
 */
export function useBuyerSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: treasuryKeys.buyers(term),
    queryFn: () => apiFetch<TreasuryBuyer[]>(`/api/treasury/buyers?search=${encodeURIComponent(term)}`, { errorMessage: BUYERS_LOAD_ERROR }),
    enabled: term.length >= BUYER_SEARCH.minLength,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Registers a sale: the buyer, the item and the discount; the server sets the prices. */
export function useRegisterSale() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: ({ buyerDiscordId, item, discount }: Required<SaleInput>, idempotencyKey) =>
      apiFetch<Sale>('/api/treasury/sales', {
        method: 'POST',
        body: { buyerDiscordId, item, discount } satisfies SaleInput,
        idempotencyKey,
        errorMessage: SALE_REGISTER_ERROR,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: treasuryKeys.sales }),
        queryClient.invalidateQueries({ queryKey: treasuryKeys.summary }),
      ]),
  });
}

/** Voids a sale with a reason: it stays listed, marked, and leaves the totals. */
export function useVoidSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiFetch<Sale>(`/api/treasury/sales/${id}/void`, { method: 'POST', body: { reason }, errorMessage: SALE_VOID_ERROR }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: treasuryKeys.sales }),
        queryClient.invalidateQueries({ queryKey: treasuryKeys.summary }),
      ]),
  });
}

/** The filtered history as a CSV file. */
export function fetchSalesExport(filters: SalesFilters): Promise<Blob> {
  const search = salesSearch(filters);
  return apiFetchBlob(`/api/treasury/sales/export${search ? `?${search}` : ''}`, { errorMessage: SALES_EXPORT_ERROR });
}
