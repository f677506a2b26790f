import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { components } from './schema';
import type { GetResponse } from './types';

export type Law = components['schemas']['Law'];
export type LawPage = GetResponse<'/api/diario-oficial'>;

export const DIARIO_OFICIAL_LOAD_ERROR = 'Error al cargar el Diario Oficial';

export interface LawQuery {
  q: string;
  page: number;
  limit: number;
}

export const lawKeys = {
  all: ['diario-oficial'] as const,
  page: (query: LawQuery) => ['diario-oficial', query] as const,
};

/** One page of the approved laws, newest first, searched when q is set. Public: no sign-in. */
export function useLaws(query: LawQuery) {
  return useQuery({
    queryKey: lawKeys.page(query),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
      const q = query.q.trim();
      if (q) params.set('q', q);
      return apiFetch<LawPage>(`/api/diario-oficial?${params.toString()}`, {
        errorMessage: DIARIO_OFICIAL_LOAD_ERROR,
        // Public: the same answer for everyone, so no session goes with it.
        token: null,
        handleUnauthorized: false,
      });
    },
    placeholderData: keepPreviousData,
  });
}
