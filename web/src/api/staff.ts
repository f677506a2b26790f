import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UnexpectedDataError, apiFetch } from './client';
import { useCreateMutation } from './idempotency';
import type {
  DismissInput,
  HoursAnswer,
  HoursInput,
  MessageBody,
  Moderator,
  StaffProfile,
  StaffReportInput,
  StaffStats,
  WeeklyReport,
} from './types';

export const MODERATORS_LOAD_ERROR = 'Error al cargar la lista de moderadores';
export const MODERATORS_FORMAT_ERROR = 'Formato de datos inesperado';
export const STAFF_PROFILE_ERROR = 'Error al cargar el perfil';
export const STAFF_STATS_ERROR = 'Error al cargar las estadísticas';
export const WEEKLY_REPORT_ERROR = 'Error al cargar el reporte semanal';
export const STAFF_REPORT_ERROR = 'Error al enviar el reporte';
export const HOURS_ERROR = 'Error al actualizar las horas';
export const DISMISS_ERROR = 'Error al dar de baja';

/** The moderator roster is kept for 5 minutes; the refresh button and every change read it again. */
export const MODERATORS_STALE_TIME = 5 * 60_000;

export const staffKeys = {
  all: ['staff'] as const,
  moderators: ['staff', 'moderators'] as const,
  stats: ['staff', 'stats'] as const,
  profile: ['staff', 'profile'] as const,
  weekly: ['staff', 'weekly'] as const,
};

export async function fetchModerators(): Promise<Moderator[]> {
  const data = await apiFetch<unknown>('/api/staff/moderators', { errorMessage: MODERATORS_LOAD_ERROR });
  if (!Array.isArray(data)) throw new UnexpectedDataError(MODERATORS_FORMAT_ERROR);
  return data as Moderator[];
}

/** Every staff member, most time first: the dashboard's table and top 5, and the ticket assignment choices. */
export function useModerators(enabled = true) {
  return useQuery({
    queryKey: staffKeys.moderators,
    queryFn: fetchModerators,
    enabled,
    staleTime: MODERATORS_STALE_TIME,
  });
}

/** The signed-in staff member's four figures. */
export function useStaffStats() {
  return useQuery({
    queryKey: staffKeys.stats,
    queryFn: () => apiFetch<StaffStats>('/api/staff/stats', { errorMessage: STAFF_STATS_ERROR }),
    staleTime: 0,
  });
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
export function useWeeklyReport() {
  return useQuery({
    queryKey: staffKeys.weekly,
    queryFn: async () =>
      (await apiFetch<{ report: WeeklyReport | null }>('/api/staff/reports/weekly', { errorMessage: WEEKLY_REPORT_ERROR })).report,
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
