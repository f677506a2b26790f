import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unlessJustAnswered } from './queryClient';
import { UnexpectedDataError, apiFetch } from './client';
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
  moderators: ['staff', 'moderators'] as const,
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
};

export async function fetchModerators(): Promise<Moderator[]> {
  const data = await apiFetch<unknown>('/api/staff/moderators', { errorMessage: MODERATORS_LOAD_ERROR });
  if (!Array.isArray(data)) throw new UnexpectedDataError(MODERATORS_FORMAT_ERROR);
  return data as Moderator[];
}

/** Every staff member, most time first: the dashboard's table and top 5, and the ticket assignment choices. */
export const moderatorsQuery = () => queryOptions({ queryKey: staffKeys.moderators, queryFn: fetchModerators, staleTime: MODERATORS_STALE_TIME });

export function useModerators(enabled = true) {
  return useQuery({ ...moderatorsQuery(), enabled });
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

/** This week's quotas: each staff role's, and every member's time against theirs. */
export const quotasQuery = () =>
  queryOptions({
    queryKey: staffKeys.quotas,
    queryFn: () => apiFetch<QuotaBoard>('/api/staff/quotas', { errorMessage: QUOTAS_ERROR }),
    staleTime: 0,
    refetchOnMount: unlessJustAnswered,
  });

export function useQuotas() {
  return useQuery(quotasQuery());
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
