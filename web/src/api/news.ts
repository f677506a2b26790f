import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { apiFetch } from './client';
import type { NewsCard } from './types';

export const NEWS_LOAD_ERROR = 'Error al cargar las noticias';

/** News managers are also sent the inactive items, so their list is cached apart. */
export const newsKeys = {
  all: ['news'] as const,
  list: (scope: 'managed' | 'public') => ['news', scope] as const,
};

/** Whether the signed-in user may create, edit and delete news. */
export function useCanManageNews(): boolean {
  return useAuth().may('manageNews');
}

export function fetchNews(): Promise<NewsCard[]> {
  return apiFetch<NewsCard[]>('/api/news/news-cards', { errorMessage: NEWS_LOAD_ERROR, handleUnauthorized: false });
}

/** Every news item the user may see, newest first (inactive ones only for news managers). */
export function useNews() {
  const canManage = useCanManageNews();
  return useQuery({ queryKey: newsKeys.list(canManage ? 'managed' : 'public'), queryFn: fetchNews });
}
