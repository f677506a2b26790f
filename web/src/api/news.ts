import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { apiFetch } from './client';
import type { NewsCard } from './types';

export const NEWS_LOAD_ERROR = 'Error al cargar las noticias';

/** News managers are also sent the inactive items, so their list is cached apart. */
export const newsKeys = {
  all: ['news'] as const,
  list: (scope: 'managed' | 'public') => ['news', scope] as const,
  /** The latest published items, as the landing shows them (the server writes them into its page). */
  latest: ['news', 'latest'] as const,
  /** One published item (a list of it, or empty), as its page shows it (the server writes it into that page). */
  item: (id: string) => ['news', 'item', id] as const,
};

/** How many of the latest items the landing shows. */
export const LATEST_NEWS_COUNT = 3;

function latestOf(items: NewsCard[]): NewsCard[] {
  return items.filter((item) => item.active).slice(0, LATEST_NEWS_COUNT);
}

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

/** The latest active items, newest first: the landing's. A visitor's cache holds only those. */
export function useLatestNews() {
  const canManage = useCanManageNews();
  return useQuery({
    queryKey: canManage ? newsKeys.list('managed') : newsKeys.latest,
    queryFn: canManage ? fetchNews : async () => latestOf(await fetchNews()),
    select: latestOf,
  });
}

/**
 * One item, for its page: news managers find it in their whole list (inactive items too);
 * others ask for it alone, starting from the public list when it is already here.
 */
export function useNewsItem(id: string) {
  const canManage = useCanManageNews();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: canManage ? newsKeys.list('managed') : newsKeys.item(id),
    queryFn: canManage ? fetchNews : async () => (await fetchNews()).filter((item) => item._id === id),
    initialData: canManage ? undefined : () => matching(queryClient.getQueryData<NewsCard[]>(newsKeys.list('public')), id),
    initialDataUpdatedAt: () => queryClient.getQueryState(newsKeys.list('public'))?.dataUpdatedAt,
    select: (items: NewsCard[]) => items.find((item) => item._id === id) ?? null,
  });
}

function matching(items: NewsCard[] | undefined, id: string): NewsCard[] | undefined {
  const found = items?.filter((item) => item._id === id);
  return found && found.length > 0 ? found : undefined;
}
