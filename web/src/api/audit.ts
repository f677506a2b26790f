import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { AuditPage, AuditQuery } from './types';

export const AUDIT_LOAD_ERROR = 'Error al cargar el registro de auditoría';

export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditQuery) => ['audit', query] as const,
};

/** The query string of a page of the log: only the filters that are set. */
export function auditSearch(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const key of ['area', 'actorId', 'entityId', 'from', 'to'] as const) {
    const value = query[key]?.trim();
    if (value) params.set(key, value);
  }
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  return params.toString();
}

/** One page of the audit log, newest first; the previous page stays shown while the next loads. */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: () => {
      const search = auditSearch(query);
      return apiFetch<AuditPage>(`/api/audit${search ? `?${search}` : ''}`, { errorMessage: AUDIT_LOAD_ERROR });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
