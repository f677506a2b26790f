import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { apiFetch } from './client';
import type { MessageBody, NewsCard, NewsInput, RoleName } from './types';

export const NEWS_MANAGER_ROLES: readonly RoleName[] = ['SCJN_ADMIN', 'CONGRESO_ADMIN'];
export const NEWS_LOAD_ERROR = 'Error al cargar las noticias';
export const NEWS_CREATE_ERROR = 'Error al crear la noticia';
export const NEWS_UPDATE_ERROR = 'Error al actualizar la noticia';
export const NEWS_DELETE_ERROR = 'Error al eliminar la noticia';

/** News managers are also sent the inactive items, so their list is cached apart. */
export const newsKeys = {
  all: ['news'] as const,
  list: (scope: 'managed' | 'public') => ['news', scope] as const,
};

/** Whether the signed-in user may create, edit and delete news. */
export function useCanManageNews(): boolean {
  return useAuth().hasPermission(NEWS_MANAGER_ROLES);
}

export function fetchNews(): Promise<NewsCard[]> {
  return apiFetch<NewsCard[]>('/api/news/news-cards', { errorMessage: NEWS_LOAD_ERROR, handleUnauthorized: false });
}

/** Every news item the user may see, newest first (inactive ones only for news managers). */
export function useNews() {
  const canManage = useCanManageNews();
  return useQuery({ queryKey: newsKeys.list(canManage ? 'managed' : 'public'), queryFn: fetchNews });
}

export interface SaveNewsVariables {
  id?: string;
  input: NewsInput;
}

export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SaveNewsVariables) =>
      id === undefined
        ? apiFetch<NewsCard>('/api/news/news-cards', { method: 'POST', body: input, errorMessage: NEWS_CREATE_ERROR })
        : apiFetch<NewsCard>(`/api/news/news-cards/${encodeURIComponent(id)}`, {
            method: 'PUT',
            body: input,
            errorMessage: NEWS_UPDATE_ERROR,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<MessageBody>(`/api/news/news-cards/${encodeURIComponent(id)}`, { method: 'DELETE', errorMessage: NEWS_DELETE_ERROR }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
