import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchBlob } from './client';
import { unlessJustAnswered } from './queryClient';
import { useCreateMutation } from './idempotency';
import { readAsDataUrl } from './dataUrl';
import { useFallbackInterval } from '../live/status';
import type {
  CannedReply,
  CannedReplyBody,
  Ticket,
  TicketCategory,
  TicketDay,
  TicketEnvelope,
  TicketList,
  TicketListQuery,
  TicketPriority,
  TicketStats,
  TicketStatus,
  UnreadCount,
} from './types';

export const TICKETS_LOAD_ERROR = 'Error al cargar los tickets';
export const TICKET_CREATE_ERROR = 'Error al crear el ticket';
export const TICKET_DETAIL_ERROR = 'Error al obtener los detalles del ticket';
export const TICKET_DETAIL_STAFF_ERROR = 'Error al cargar los detalles del ticket';
export const TICKET_REPLY_ERROR = 'Error al enviar el mensaje';
export const TICKET_CLOSE_ERROR = 'Error al cerrar el ticket';
export const TICKET_ASSIGN_ERROR = 'Error al asignar el ticket';
export const TICKET_PRIORITY_ERROR = 'Error al actualizar la prioridad';
export const TICKET_STATUS_ERROR = 'Error al actualizar el estado';
export const TICKET_RATING_ERROR = 'Error al calificar el ticket';
export const TICKET_TRANSCRIPT_ERROR = 'Error al abrir la transcripción';
export const TICKET_FILE_ERROR = 'Error al cargar el archivo';
export const TICKET_STATS_ERROR = 'Error al cargar las estadísticas';
export const TICKET_NOTE_ERROR = 'Error al guardar la nota interna';
export const CANNED_LOAD_ERROR = 'Error al cargar las respuestas predefinidas';
export const CANNED_SAVE_ERROR = 'Error al guardar la respuesta predefinida';
export const CANNED_DELETE_ERROR = 'Error al eliminar la respuesta predefinida';

/** How often the unread count is read again while the portal is open and the live stream is down. */
export const UNREAD_REFRESH_INTERVAL = 30_000;
/** How often an open conversation is read again while the live stream is down, to show new answers. */
export const CONVERSATION_REFRESH_INTERVAL = 15_000;

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: ['tickets', 'list'] as const,
  list: (query: TicketListQuery) => ['tickets', 'list', query] as const,
  detail: (ticketId: string) => ['tickets', 'detail', ticketId] as const,
  unread: ['tickets', 'unread'] as const,
  stats: ['tickets', 'stats'] as const,
  daily: (days: number) => ['tickets', 'stats', 'daily', days] as const,
  canned: ['tickets', 'canned-replies'] as const,
};

/** Files are cached apart from the tickets, so refreshing a ticket does not download its files again. */
export const ticketFileKeys = {
  file: (url: string) => ['ticket-files', url] as const,
};

const ticketPath = (ticketId: string) => `/api/tickets/${encodeURIComponent(ticketId)}`;

export function ticketListSearch(query: TicketListQuery): string {
  const params = new URLSearchParams();
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  for (const status of query.status ?? []) params.append('status', status);
  if (query.priority) params.set('priority', query.priority);
  if (query.category) params.set('category', query.category);
  const search = query.search?.trim();
  if (search) params.set('search', search);
  return params.toString();
}

export function fetchTickets(query: TicketListQuery): Promise<TicketList> {
  const search = ticketListSearch(query);
  return apiFetch<TicketList>(`/api/tickets${search ? `?${search}` : ''}`, { errorMessage: TICKETS_LOAD_ERROR });
}

/** One page of tickets: the user's own, or every ticket for staff. */
export function useTickets(query: TicketListQuery, enabled = true) {
  return useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: () => fetchTickets(query),
    enabled,
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
    placeholderData: keepPreviousData,
  });
}

/** Asks for a page of tickets before the list shows it (the page it is on was opened directly). */
export function prefetchTickets(queryClient: QueryClient, query: TicketListQuery): Promise<void> {
  return queryClient.prefetchQuery({ queryKey: ticketKeys.list(query), queryFn: () => fetchTickets(query) });
}

/** A ticket with its conversation; each read marks it read, so the unread count is read again after it. */
export function useTicket(ticketId: string | null, errorMessage: string = TICKET_DETAIL_ERROR) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ticketKeys.detail(ticketId ?? ''),
    queryFn: async () => (await apiFetch<TicketEnvelope>(ticketPath(ticketId ?? ''), { errorMessage })).ticket,
    enabled: ticketId !== null,
    staleTime: 0,
    refetchInterval: useFallbackInterval(CONVERSATION_REFRESH_INTERVAL),
  });
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (readAt <= 0 || ticketId === null) return;
    // Reading it marked it read on the server: its mark leaves the lists already shown.
    queryClient.setQueriesData<TicketList>({ queryKey: ticketKeys.lists }, (list) =>
      list?.tickets.some((shown) => shown.ticketId === ticketId && shown.unread)
        ? { ...list, tickets: list.tickets.map((shown) => (shown.ticketId === ticketId ? { ...shown, unread: false } : shown)) }
        : list,
    );
    void queryClient.invalidateQueries({ queryKey: ticketKeys.unread });
  }, [readAt, ticketId, queryClient]);
  return query;
}

/** How many of the user's tickets have answers they have not seen; read when the window regains focus, on live events, and every 30 s while the stream is down. */
export function useUnreadTickets(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.unread,
    queryFn: () => apiFetch<UnreadCount>('/api/tickets/unread', { errorMessage: TICKETS_LOAD_ERROR }),
    enabled,
    staleTime: 0,
    refetchInterval: useFallbackInterval(UNREAD_REFRESH_INTERVAL),
    refetchOnWindowFocus: true,
  });
}

export const ticketStatsQuery = () =>
  queryOptions({
    queryKey: ticketKeys.stats,
    queryFn: async () =>
      (await apiFetch<{ stats: TicketStats }>('/api/tickets/stats/summary', { errorMessage: TICKET_STATS_ERROR })).stats,
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useTicketStats() {
  return useQuery(ticketStatsQuery());
}

/** The desk per day (community time), oldest first; read again with the summary. */
export const ticketDailyQuery = (days = 30) =>
  queryOptions({
    queryKey: ticketKeys.daily(days),
    queryFn: () => apiFetch<TicketDay[]>(`/api/tickets/stats/daily?days=${days}`, { errorMessage: TICKET_STATS_ERROR }),
  });

export function useTicketDaily(days = 30) {
  return useQuery(ticketDailyQuery(days));
}

/** An attachment as a data: URL, which the portal's image policy allows (blob: URLs it does not). */
export function useTicketFile(url: string) {
  return useQuery({
    queryKey: ticketFileKeys.file(url),
    queryFn: async () => readAsDataUrl(await apiFetchBlob(url, { errorMessage: TICKET_FILE_ERROR })),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** The ticket's transcript, an HTML page, fresh on every call. */
export function fetchTranscript(queryClient: QueryClient, ticketId: string): Promise<Blob> {
  return queryClient.fetchQuery({
    queryKey: ['ticket-transcripts', ticketId],
    queryFn: () => apiFetchBlob(`${ticketPath(ticketId)}/transcript`, { errorMessage: TICKET_TRANSCRIPT_ERROR }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** After a write: the answer becomes the cached ticket, and the lists, the unread count and the figures are read again. */
function refreshAfterWrite(queryClient: QueryClient, ticket?: Ticket) {
  if (ticket) queryClient.setQueryData(ticketKeys.detail(ticket.ticketId), ticket);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.lists }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.unread }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.stats }),
  ]);
}

export interface NewTicket {
  title: string;
  category: TicketCategory;
  message: string;
  attachments: File[];
}

function messageForm(message: string, attachments: File[]): FormData {
  const form = new FormData();
  form.set('message', message);
  for (const file of attachments) form.append('attachments', file, file.name);
  return form;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: async ({ title, category, message, attachments }: NewTicket, idempotencyKey) => {
      const form = messageForm(message, attachments);
      form.set('title', title);
      form.set('category', category);
      return (await apiFetch<TicketEnvelope>('/api/tickets', { method: 'POST', body: form, idempotencyKey, errorMessage: TICKET_CREATE_ERROR })).ticket;
    },
    onSuccess: (ticket) => refreshAfterWrite(queryClient, ticket),
  });
}

export interface TicketReply {
  message: string;
  attachments: File[];
}

export function useReplyToTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: async ({ message, attachments }: TicketReply, idempotencyKey) =>
      (
        await apiFetch<TicketEnvelope>(`${ticketPath(ticketId)}/messages`, {
          method: 'POST',
          body: messageForm(message, attachments),
          idempotencyKey,
          errorMessage: TICKET_REPLY_ERROR,
        })
      ).ticket,
    onSuccess: (ticket) => refreshAfterWrite(queryClient, ticket),
    onError: () => queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
  });
}

/** A JSON write on one ticket (status, assignment, priority, rating) that answers the updated ticket. */
function useTicketWrite<V>(method: 'PUT' | 'POST', action: string, errorMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ticketId, body }: { ticketId: string; body: V }) =>
      (await apiFetch<TicketEnvelope>(`${ticketPath(ticketId)}/${action}`, { method, body, errorMessage })).ticket,
    onSuccess: (ticket) => refreshAfterWrite(queryClient, ticket),
  });
}

export const useSetTicketStatus = (errorMessage: string = TICKET_STATUS_ERROR) =>
  useTicketWrite<{ status: TicketStatus }>('PUT', 'status', errorMessage);
export const useAssignTicket = () => useTicketWrite<{ staffId: string | null }>('PUT', 'assign', TICKET_ASSIGN_ERROR);
export const useSetTicketPriority = () => useTicketWrite<{ priority: TicketPriority }>('PUT', 'priority', TICKET_PRIORITY_ERROR);
export const useRateTicket = () => useTicketWrite<{ rating: number }>('POST', 'rating', TICKET_RATING_ERROR);

/** A private staff note on a ticket: the answer is the ticket, with its notes. */
export function useAddTicketNote(ticketId: string) {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: async ({ content }: { content: string }, idempotencyKey) =>
      (await apiFetch<TicketEnvelope>(`${ticketPath(ticketId)}/notes`, { method: 'POST', body: { content }, idempotencyKey, errorMessage: TICKET_NOTE_ERROR })).ticket,
    onSuccess: (ticket) => refreshAfterWrite(queryClient, ticket),
    onError: () => queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) }),
  });
}

/** The support desk's canned replies, by name (support staff). */
export function useCannedReplies(enabled = true) {
  return useQuery({
    queryKey: ticketKeys.canned,
    queryFn: async () =>
      (await apiFetch<{ cannedReplies: CannedReply[] }>('/api/tickets/canned-replies', { errorMessage: CANNED_LOAD_ERROR })).cannedReplies,
    enabled,
  });
}

const cannedPath = (id: string) => `/api/tickets/canned-replies/${encodeURIComponent(id)}`;

export function useCreateCannedReply() {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: async (body: CannedReplyBody, idempotencyKey) =>
      (await apiFetch<{ cannedReply: CannedReply }>('/api/tickets/canned-replies', { method: 'POST', body, idempotencyKey, errorMessage: CANNED_SAVE_ERROR }))
        .cannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.canned }),
  });
}

export function useUpdateCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CannedReplyBody }) =>
      (await apiFetch<{ cannedReply: CannedReply }>(cannedPath(id), { method: 'PUT', body, errorMessage: CANNED_SAVE_ERROR })).cannedReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.canned }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ message: string }>(cannedPath(id), { method: 'DELETE', errorMessage: CANNED_DELETE_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.canned }),
  });
}
