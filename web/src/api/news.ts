import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { ApiError, apiFetch } from './client';
import type { NewsCard } from './types';

export const NEWS_LOAD_ERROR = 'Error al cargar las noticias';

/** Who a list or an item is read as: news managers are also sent the unpublished items. */
export type NewsScope = 'managed' | 'public';

export const newsKeys = {
  all: ['news'] as const,
  /** A list's pages, newest first (react-query's infinite data). */
  pages: (scope: NewsScope) => ['news', 'pages', scope] as const,
  /** The latest published items, as the landing shows them (the server writes them into its page). */
  latest: ['news', 'latest'] as const,
  /** One item, or null when there is none to show (the server writes a published one into its page). */
  item: (id: string, scope: NewsScope = 'public') => ['news', 'item', scope, id] as const,
};

/** How many of the latest items the landing shows, and asks for. */
export const LATEST_NEWS_COUNT = 3;

/** How many items a page of /news and /admin/news holds: whole rows of the grid's one, two or three columns. */
export const NEWS_PAGE_SIZE = 12;

/** A list read a page at a time: each page's items, and the cursor each page was asked with. */
export type NewsPages = InfiniteData<NewsCard[], string | undefined>;

/** Whether the signed-in user may create, edit and delete news. */
export function useCanManageNews(): boolean {
  return useAuth().may('manageNews');
}

interface NewsPageQuery {
  limit: number;
  /** The id of the last item of the page before. */
  before?: string;
  scope: NewsScope;
}

/**
 * One page of the news, newest first. The published news go without the session: the answer
 * is everyone's (the server keeps it encoded), and a manager reading /news sees what visitors see.
 */
export function fetchNews({ limit, before, scope }: NewsPageQuery): Promise<NewsCard[]> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before) params.set('before', before);
  return apiFetch<NewsCard[]>(`/api/news/news-cards?${params.toString()}`, {
    errorMessage: NEWS_LOAD_ERROR,
    handleUnauthorized: false,
    ...(scope === 'public' ? { token: null } : {}),
  });
}

/** The cursor of the page after `last`: none when `last` came back short, since the list ended there. */
export function nextNewsPage(last: NewsCard[]): string | undefined {
  return last.length < NEWS_PAGE_SIZE ? undefined : last[last.length - 1]?._id;
}

/** The items of every page read so far, in order. */
export function newsOf(pages: { pages: NewsCard[][] } | undefined): NewsCard[] | undefined {
  return pages?.pages.flat();
}

function useNewsPages(scope: NewsScope) {
  return useInfiniteQuery({
    queryKey: newsKeys.pages(scope),
    queryFn: ({ pageParam }) => fetchNews({ limit: NEWS_PAGE_SIZE, before: pageParam, scope }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextNewsPage,
  });
}

/** The published news, a page at a time ('Ver más noticias' reads the next), for /news. */
export function usePublishedNews() {
  return useNewsPages('public');
}

/** Every item, unpublished ones too, a page at a time, for the news managers' panel. */
export function useManagedNews() {
  return useNewsPages('managed');
}

/** The latest published items, newest first: the landing's, and all it asks for. */
export function useLatestNews() {
  return useQuery({
    queryKey: newsKeys.latest,
    queryFn: () => fetchNews({ limit: LATEST_NEWS_COUNT, scope: 'public' }),
  });
}

/** One item by its id; null when the server has none to show this reader (404). */
export async function fetchNewsItem(id: string, scope: NewsScope): Promise<NewsCard | null> {
  try {
    return await apiFetch<NewsCard>(`/api/news/news-cards/${encodeURIComponent(id)}`, {
      errorMessage: NEWS_LOAD_ERROR,
      handleUnauthorized: false,
      ...(scope === 'public' ? { token: null } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * One item, for its page: opened from a list, the copy already read; opened from a link (an
 * item of any age, on no page read yet), asked for alone. News managers also see unpublished items.
 */
export function useNewsItem(id: string) {
  const scope: NewsScope = useCanManageNews() ? 'managed' : 'public';
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: newsKeys.item(id, scope),
    queryFn: () => fetchNewsItem(id, scope),
    initialData: () => loadedItem(queryClient, id, scope)?.item,
    initialDataUpdatedAt: () => loadedItem(queryClient, id, scope)?.updatedAt,
  });
}

/** An item already read in a list this reader may see: any for managers, published ones for others. */
function loadedItem(queryClient: QueryClient, id: string, scope: NewsScope): { item: NewsCard; updatedAt: number } | undefined {
  const lists: (readonly unknown[])[] = [newsKeys.latest, newsKeys.pages('public')];
  if (scope === 'managed') lists.push(newsKeys.pages('managed'));
  for (const key of lists) {
    const data = queryClient.getQueryData<NewsCard[] | NewsPages>(key);
    const items = Array.isArray(data) ? data : newsOf(data);
    const item = items?.find((candidate) => candidate._id === id);
    if (item) return { item, updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}
