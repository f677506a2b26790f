import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { useFallbackInterval } from '../live/status';
import { apiFetch } from './client';
import { useCreateMutation } from './idempotency';
import type {
  AgendaItem,
  Initiative,
  InitiativeRecord,
  LegislativeBody,
  MessageBody,
  NewAgendaItem,
  NewInitiative,
  VoteType,
  VotingSettings,
} from './types';

export const INITIATIVES_LOAD_ERROR = 'Error al cargar las iniciativas';
export const INITIATIVE_LOAD_ERROR = 'Error al cargar la iniciativa';
export const AGENDA_LOAD_ERROR = 'Error al cargar la orden del día';
export const INITIATIVE_CREATE_ERROR = 'Error al crear la iniciativa';
export const AGENDA_CREATE_ERROR = 'Error al crear el punto de agenda';
export const VOTE_ERROR = 'Error al registrar el voto';
export const VOTING_CONFIG_ERROR = 'Error al actualizar la configuración de votación';
export const INITIATIVE_DELETE_ERROR = 'Error al eliminar la iniciativa';
export const INITIATIVE_WITHDRAW_ERROR = 'Error al retirar la iniciativa';
export const AGENDA_DELETE_ERROR = 'Error al eliminar el punto de agenda';

/** How often the lists are read again while open and the live stream is down, so counts and closed votes show up. */
export const LEGISLATIVE_REFRESH_INTERVAL = 60_000;

export const legislativeKeys = {
  all: ['legislative'] as const,
  initiatives: (body: LegislativeBody) => ['legislative', 'initiatives', body] as const,
  initiative: (id: number) => ['legislative', 'initiative', id] as const,
  agenda: (body: LegislativeBody) => ['legislative', 'agenda', body] as const,
};

const initiativePath = (id: number) => `/api/legislative/initiatives/${encodeURIComponent(String(id))}`;

/**
 * Whether the signed-in user administers the legislative system: files initiatives and agenda
 * points and configures voting. The profile's rights on the legislative panel, as the server
 * grants them (Modificación; SCJN_ADMIN and CONGRESO_ADMIN by default). What may be done to
 * each initiative (delete, withdraw) the server says on the initiative itself.
 */
export function useIsLegislativeAdmin(): boolean {
  return useAuth().can('legislative', 'modify');
}

/** How many initiatives a page of the list holds. */
export const INITIATIVES_PAGE_SIZE = 20;

/** A body's initiatives read a page at a time, with the cursor each page was asked with. */
export type InitiativePages = InfiniteData<Initiative[], number | undefined>;

/** One page of a body's initiatives, newest first, after the initiative `before`. */
export function fetchInitiatives(body: LegislativeBody, before?: number): Promise<Initiative[]> {
  const params = new URLSearchParams({ type: body, limit: String(INITIATIVES_PAGE_SIZE) });
  if (before !== undefined) params.set('before', String(before));
  return apiFetch<Initiative[]>(`/api/legislative/initiatives?${params.toString()}`, { errorMessage: INITIATIVES_LOAD_ERROR });
}

/** The cursor of the page after `last`: none when `last` came back short, since the list ended there. */
export function nextInitiativesPage(last: Initiative[]): number | undefined {
  return last.length < INITIATIVES_PAGE_SIZE ? undefined : last[last.length - 1]?._id;
}

/**
 * A body's initiatives, newest first, with the caller's vote, a page at a time ('Cargar más'
 * reads the next). A refresh reads again every page shown, so counts stay current on all of them.
 */
export function useInitiatives(body: LegislativeBody, enabled = true) {
  return useInfiniteQuery({
    queryKey: legislativeKeys.initiatives(body),
    queryFn: ({ pageParam }) => fetchInitiatives(body, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextInitiativesPage,
    enabled,
    staleTime: 0,
    refetchInterval: useFallbackInterval(LEGISLATIVE_REFRESH_INTERVAL),
  });
}

/** An initiative's record: the initiative, its timeline and, for admins, who voted what. */
export function useInitiativeRecord(id: number, enabled = true) {
  return useQuery({
    queryKey: legislativeKeys.initiative(id),
    queryFn: () => apiFetch<InitiativeRecord>(initiativePath(id), { errorMessage: INITIATIVE_LOAD_ERROR }),
    enabled,
    staleTime: 0,
    refetchInterval: useFallbackInterval(LEGISLATIVE_REFRESH_INTERVAL),
  });
}

/** A body's agenda, soonest first. */
export function useAgenda(body: LegislativeBody, enabled = true) {
  return useQuery({
    queryKey: legislativeKeys.agenda(body),
    queryFn: () => apiFetch<AgendaItem[]>(`/api/legislative/agenda?type=${encodeURIComponent(body)}`, { errorMessage: AGENDA_LOAD_ERROR }),
    enabled,
    staleTime: 0,
  });
}

function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: legislativeKeys.all });
}

export function useCreateInitiative() {
  const refresh = useRefreshAfterWrite();
  return useCreateMutation({
    mutationFn: (input: NewInitiative, idempotencyKey) =>
      apiFetch<Initiative>('/api/legislative/initiatives', { method: 'POST', body: input, idempotencyKey, errorMessage: INITIATIVE_CREATE_ERROR }),
    onSuccess: refresh,
  });
}

export function useDeleteInitiative() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: number) => apiFetch<MessageBody>(initiativePath(id), { method: 'DELETE', errorMessage: INITIATIVE_DELETE_ERROR }),
    onSuccess: refresh,
  });
}

/** Shows the initiative the server answered at once in the lists and its record, then reads them again. */
function useShowAnsweredInitiative() {
  const queryClient = useQueryClient();
  return (initiative: Initiative) => {
    queryClient.setQueryData<InitiativePages>(legislativeKeys.initiatives(initiative.type), (list) =>
      list ? { ...list, pages: list.pages.map((page) => page.map((item) => (item._id === initiative._id ? initiative : item))) } : list,
    );
    queryClient.setQueryData<InitiativeRecord>(legislativeKeys.initiative(initiative._id), (record) =>
      record ? { ...record, initiative } : record,
    );
    return queryClient.invalidateQueries({ queryKey: legislativeKeys.all });
  };
}

/** Withdraws an initiative: it keeps its votes and result and takes no more votes. */
export function useWithdrawInitiative() {
  const show = useShowAnsweredInitiative();
  return useMutation({
    mutationFn: (id: number) => apiFetch<Initiative>(`${initiativePath(id)}/withdraw`, { method: 'POST', errorMessage: INITIATIVE_WITHDRAW_ERROR }),
    onSuccess: show,
  });
}

export function useVote() {
  const show = useShowAnsweredInitiative();
  return useMutation({
    mutationFn: ({ id, voteType }: { id: number; voteType: VoteType }) =>
      apiFetch<Initiative>(`${initiativePath(id)}/vote`, { method: 'POST', body: { voteType }, errorMessage: VOTE_ERROR }),
    onSuccess: show,
  });
}

export function useConfigureVoting() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: ({ id, settings }: { id: number; settings: VotingSettings }) =>
      apiFetch<Initiative>(`${initiativePath(id)}/voting`, { method: 'PUT', body: settings, errorMessage: VOTING_CONFIG_ERROR }),
    onSuccess: refresh,
  });
}

export function useCreateAgendaItem() {
  const refresh = useRefreshAfterWrite();
  return useCreateMutation({
    mutationFn: (input: NewAgendaItem, idempotencyKey) =>
      apiFetch<AgendaItem>('/api/legislative/agenda', { method: 'POST', body: input, idempotencyKey, errorMessage: AGENDA_CREATE_ERROR }),
    onSuccess: refresh,
  });
}

export function useDeleteAgendaItem() {
  const refresh = useRefreshAfterWrite();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<MessageBody>(`/api/legislative/agenda/${encodeURIComponent(String(id))}`, { method: 'DELETE', errorMessage: AGENDA_DELETE_ERROR }),
    onSuccess: refresh,
  });
}
