import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unlessJustAnswered } from './queryClient';
import { UnexpectedDataError, apiFetch, apiFetchWithHeaders } from './client';
import { useCreateMutation } from './idempotency';
import type {
  DismissInput,
  EndShiftAnswer,
  HoursAnswer,
  HoursInput,
  Leave,
  LeaveDecision,
  LeaveStatus,
  MessageBody,
  Moderator,
  OnShiftEntry,
  QuotaBoard,
  QuotaRole,
  StaffMemberRecord,
  StaffProfile,
  StaffReportInput,
  StaffStats,
  WeekHours,
  WeeklyReport,
} from './types';

export const MODERATORS_LOAD_ERROR = 'Error al cargar la lista de moderadores';
export const MODERATORS_FORMAT_ERROR = 'Formato de datos inesperado';
export const STAFF_PROFILE_ERROR = 'Error al cargar el perfil';
export const STAFF_STATS_ERROR = 'Error al cargar las estadísticas';
export const WEEKLY_REPORT_ERROR = 'Error al cargar el reporte semanal';
export const STAFF_REPORT_ERROR = 'Error al enviar el reporte';
export const HOURS_CHART_ERROR = 'Error al cargar las horas por semana';
export const HOURS_ERROR = 'Error al actualizar las horas';
export const DISMISS_ERROR = 'Error al dar de baja';
export const STAFF_RECORD_ERROR = 'Error al cargar el expediente';
export const STAFF_NOTE_ERROR = 'Error al registrar la nota';
export const STAFF_WARN_ERROR = 'Error al registrar la advertencia';
export const HIRED_ERROR = 'Error al actualizar la fecha de contratación';
export const ON_SHIFT_ERROR = 'Error al cargar quién está en turno';
export const END_SHIFT_ERROR = 'Error al terminar el turno';
export const LEAVES_ERROR = 'Error al cargar las ausencias';
export const DECIDE_LEAVE_ERROR = 'Error al decidir la ausencia';
export const QUOTAS_ERROR = 'Error al cargar las cuotas';
export const SET_QUOTA_ERROR = 'Error al guardar la cuota';

/** While the live stream is down, who is on shift is read again this often. */
export const ON_SHIFT_REFRESH_INTERVAL = 30_000;

/** The moderator roster is kept for 5 minutes; the refresh button and every change read it again. */
export const MODERATORS_STALE_TIME = 5 * 60_000;

export const staffKeys = {
  all: ['staff'] as const,
  // Every page and search of the roster sits under ['staff', 'moderators'], so a change refreshes them all.
  moderators: ['staff', 'moderators'] as const,
  moderatorsPage: (query: RosterQuery) => ['staff', 'moderators', rosterKey(query)] as const,
  stats: ['staff', 'stats'] as const,
  profile: ['staff', 'profile'] as const,
  weekly: ['staff', 'weekly'] as const,
  teamHours: (weeks: number) => ['staff', 'hours', 'team', weeks] as const,
  myHours: (weeks: number) => ['staff', 'hours', 'mine', weeks] as const,
  member: (userId: string) => ['staff', 'member', userId] as const,
  // Under ['staff', …], so the live stream's shift events refresh it with the rest.
  onShift: ['staff', 'on-shift'] as const,
  leaves: (status: LeaveStatus | '') => ['staff', 'leaves', 'all', status] as const,
  myLeaves: ['staff', 'leaves', 'mine'] as const,
  quotas: ['staff', 'quotas'] as const,
  quotasPage: (page: RosterPage) => ['staff', 'quotas', { page: page.page, limit: page.limit }] as const,
};

/** A page of the roster: 1-based `page` of `limit` members (1 to 100, as the server allows). */
export interface RosterPage {
  page: number;
  limit: number;
}

/** A page of the members whose name holds `q` (any case; empty or absent, every member). */
export interface RosterQuery extends RosterPage {
  q?: string;
}

/** A page of the roster as the server answered it: its members and how many matched the search. */
export interface ModeratorsPage {
  members: Moderator[];
  total: number;
}

const TOTAL_HEADER = 'X-Total-Count';

/** The query as its cache key holds it: the same search typed with spaces around is the same page. */
function rosterKey({ q, page, limit }: RosterQuery) {
  return { q: q?.trim() ?? '', page, limit };
}

/** ?q=&limit=&page= of a roster query; no q when the search is empty. */
export function rosterSearch(query: RosterQuery): string {
  const { q, page, limit } = rosterKey(query);
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('limit', String(limit));
  params.set('page', String(page));
  return params.toString();
}

/**
 * One page of the staff roster, most time first, with how many members matched (the answer's
 * X-Total-Count). Without the header the count is what this page shows it to be at least.
 */
export async function fetchModeratorsPage(query: RosterQuery): Promise<ModeratorsPage> {
  const { data, headers } = await apiFetchWithHeaders<unknown>(`/api/staff/moderators?${rosterSearch(query)}`, {
    errorMessage: MODERATORS_LOAD_ERROR,
  });
  if (!Array.isArray(data)) throw new UnexpectedDataError(MODERATORS_FORMAT_ERROR);
  const members = data as Moderator[];
  const header = headers.get(TOTAL_HEADER);
  const counted = header === null || header.trim() === '' ? Number.NaN : Number(header);
  const total = Number.isInteger(counted) && counted >= 0 ? counted : (query.page - 1) * query.limit + members.length;
  return { members, total };
}

/**
 * A page of the staff roster (the dashboard's top 5 and table, the ticket assignment choices);
 * the page shown stays while the next one loads.
 */
export const moderatorsPageQuery = (query: RosterQuery) =>
  queryOptions({
    queryKey: staffKeys.moderatorsPage(query),
    queryFn: () => fetchModeratorsPage(query),
    staleTime: MODERATORS_STALE_TIME,
    placeholderData: keepPreviousData,
  });

export function useModeratorsPage(query: RosterQuery, enabled = true) {
  return useQuery({ ...moderatorsPageQuery(query), enabled });
}

/** The signed-in staff member's four figures. */
export const staffStatsQuery = () =>
  queryOptions({
    queryKey: staffKeys.stats,
    queryFn: () => apiFetch<StaffStats>('/api/staff/stats', { errorMessage: STAFF_STATS_ERROR }),
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useStaffStats() {
  return useQuery(staffStatsQuery());
}

/** The signed-in staff member's profile, with this week's time per day. */
export function useStaffProfile() {
  return useQuery({
    queryKey: staffKeys.profile,
    queryFn: () => apiFetch<StaffProfile>('/api/staff/profile', { errorMessage: STAFF_PROFILE_ERROR }),
    staleTime: 0,
  });
}

/** The last Monday report of staff hours; null before the first one. */
export const weeklyReportQuery = () =>
  queryOptions({
    queryKey: staffKeys.weekly,
    queryFn: async () =>
      (await apiFetch<{ report: WeeklyReport | null }>('/api/staff/reports/weekly', { errorMessage: WEEKLY_REPORT_ERROR })).report,
  });

export function useWeeklyReport() {
  return useQuery(weeklyReportQuery());
}

/** The team's time per week and server (whoever reads the roster), oldest week first. */
export const teamHoursQuery = (weeks = 12) =>
  queryOptions({
    queryKey: staffKeys.teamHours(weeks),
    queryFn: () => apiFetch<WeekHours[]>(`/api/staff/hours?weeks=${weeks}`, { errorMessage: HOURS_CHART_ERROR }),
  });

export function useTeamHours(weeks = 12, enabled = true) {
  return useQuery({ ...teamHoursQuery(weeks), enabled });
}

/** The signed-in staff member's own time per week and server. */
export function useMyHours(weeks = 12) {
  return useQuery({
    queryKey: staffKeys.myHours(weeks),
    queryFn: () => apiFetch<WeekHours[]>(`/api/staff/stats/hours?weeks=${weeks}`, { errorMessage: HOURS_CHART_ERROR }),
  });
}

/** After a change to someone's time or standing, every staff figure is read again (the roster at once, cache or not). */
function refreshStaff(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: staffKeys.all });
}

export function useAdjustHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HoursInput) => apiFetch<HoursAnswer>('/api/staff/hours', { method: 'PUT', body: input, errorMessage: HOURS_ERROR }),
    onSuccess: () => refreshStaff(queryClient),
  });
}

export function useDismissStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DismissInput) =>
      apiFetch<MessageBody>('/api/staff/dismiss', { method: 'POST', body: input, errorMessage: DISMISS_ERROR }),
    onSuccess: () => refreshStaff(queryClient),
  });
}

export function useSubmitStaffReport() {
  return useCreateMutation({
    mutationFn: (input: StaffReportInput, idempotencyKey) =>
      apiFetch<MessageBody>('/api/staff/report', { method: 'POST', body: input, idempotencyKey, errorMessage: STAFF_REPORT_ERROR }),
  });
}

/** A staff member's file for directors: record, hours, notes and warnings (newest first). */
export function useStaffMemberRecord(userId: string) {
  return useQuery({
    queryKey: staffKeys.member(userId),
    queryFn: () =>
      apiFetch<StaffMemberRecord>(`/api/staff/members/${encodeURIComponent(userId)}`, { errorMessage: STAFF_RECORD_ERROR }),
    staleTime: 0,
  });
}

export type StaffEntryKind = 'note' | 'warn';

/** Writes a note or a warning on a staff member; their file is read again after. */
export function useAddStaffEntry(userId: string) {
  const queryClient = useQueryClient();
  return useCreateMutation({
    mutationFn: ({ kind, text }: { kind: StaffEntryKind; text: string }, idempotencyKey) =>
      kind === 'warn'
        ? apiFetch<MessageBody>(`/api/staff/${encodeURIComponent(userId)}/warns`, {
            method: 'POST',
            body: { warn: text },
            idempotencyKey,
            errorMessage: STAFF_WARN_ERROR,
          })
        : apiFetch<MessageBody>(`/api/staff/${encodeURIComponent(userId)}/notes`, {
            method: 'POST',
            body: { nota: text },
            idempotencyKey,
            errorMessage: STAFF_NOTE_ERROR,
          }),
    onSuccess: () => refreshStaff(queryClient),
  });
}

/** Corrects a staff member's hire date (YYYY-MM-DD). */
export function useSetHired(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      apiFetch<MessageBody>(`/api/staff/${encodeURIComponent(userId)}/hired`, { method: 'PUT', body: { date }, errorMessage: HIRED_ERROR }),
    onSuccess: () => refreshStaff(queryClient),
  });
}

/** Who is on shift now, longest running first. */
export const onShiftQuery = () =>
  queryOptions({
    queryKey: staffKeys.onShift,
    queryFn: () => apiFetch<OnShiftEntry[]>('/api/staff/on-shift', { errorMessage: ON_SHIFT_ERROR }),
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useOnShift() {
  return useQuery({ ...onShiftQuery(), refetchInterval: ON_SHIFT_REFRESH_INTERVAL });
}

/** Ends another member's open shift (directors), with an optional reason; every staff figure is read again. */
export function useEndShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ discordId, reason }: { discordId: string; reason: string }) =>
      apiFetch<EndShiftAnswer>(`/api/staff/shifts/${encodeURIComponent(discordId)}/end`, {
        method: 'POST',
        body: reason ? { reason } : {},
        errorMessage: END_SHIFT_ERROR,
      }),
    onSettled: () => refreshStaff(queryClient),
  });
}

/** Every leave of absence (directors), newest first; '' lists every status. */
export function useLeaves(status: LeaveStatus | '') {
  return useQuery({
    queryKey: staffKeys.leaves(status),
    queryFn: () =>
      apiFetch<Leave[]>(`/api/staff/leaves${status ? `?status=${status}` : ''}`, { errorMessage: LEAVES_ERROR }),
    staleTime: 0,
  });
}

/** The signed-in staff member's own leaves, asked for with /ausencia in Discord. */
export const myLeavesQuery = () =>
  queryOptions({
    queryKey: staffKeys.myLeaves,
    queryFn: () => apiFetch<Leave[]>('/api/staff/leaves/mine', { errorMessage: LEAVES_ERROR }),
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useMyLeaves(enabled = true) {
  return useQuery({ ...myLeavesQuery(), enabled });
}

/** Approves or refuses a pending leave (directors); leaves and quotas are read again. */
export function useDecideLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: LeaveDecision }) =>
      apiFetch<Leave>(`/api/staff/leaves/${id}/decision`, { method: 'POST', body: { decision }, errorMessage: DECIDE_LEAVE_ERROR }),
    onSettled: () => refreshStaff(queryClient),
  });
}

/** How many members under their quota the quota card lists at a time. */
export const QUOTA_PAGE_SIZE = 10;

/**
 * This week's quotas: each staff role's, how many members there are and how many are under
 * their quota, and a page of the members (those under quota first, least worked first).
 */
export const quotasQuery = (page: RosterPage = { page: 1, limit: QUOTA_PAGE_SIZE }) =>
  queryOptions({
    queryKey: staffKeys.quotasPage(page),
    queryFn: () =>
      apiFetch<QuotaBoard>(`/api/staff/quotas?limit=${page.limit}&page=${page.page}`, { errorMessage: QUOTAS_ERROR }),
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
    placeholderData: keepPreviousData,
  });

export function useQuotas(page?: RosterPage) {
  return useQuery(quotasQuery(page));
}

/** Sets a staff role's weekly quota (directors). */
export function useSetQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, hours, minutes }: { roleId: string; hours: number; minutes: number }) =>
      apiFetch<QuotaRole>(`/api/staff/quotas/${encodeURIComponent(roleId)}`, {
        method: 'PUT',
        body: { hours, minutes },
        errorMessage: SET_QUOTA_ERROR,
      }),
    onSettled: () => refreshStaff(queryClient),
  });
}
