import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import type { ArtistApplication, ArtistApplicationStatus } from './types';

export const APPLICATIONS_LOAD_ERROR = 'Error al cargar las aplicaciones';
export const APPLICATION_STATUS_ERROR = 'Error al actualizar el estado de la aplicación';

export const applicationKeys = { all: ['artist-applications'] as const };

export function useArtistApplications() {
  return useQuery({
    queryKey: applicationKeys.all,
    queryFn: () => apiFetch<ArtistApplication[]>('/api/artists/applications', { errorMessage: APPLICATIONS_LOAD_ERROR }),
  });
}

export function useSetApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ArtistApplicationStatus }) =>
      apiFetch<ArtistApplication>(`/api/artists/applications/${encodeURIComponent(id)}/status`, {
        method: 'PUT',
        body: { status },
        errorMessage: APPLICATION_STATUS_ERROR,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
