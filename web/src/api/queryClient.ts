import { QueryClient, focusManager } from '@tanstack/react-query';
import { ApiError, UnexpectedDataError } from './client';

/** Retries only failures that may pass on a second try: network errors and 5xx answers. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof UnexpectedDataError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * Makes refetchOnWindowFocus follow the window's focus as well as the tab's visibility:
 * switching from the Discord app back to the browser focuses a page that was visible all along.
 */
export function listenForWindowFocus(): void {
  focusManager.setEventListener((handleFocus) => {
    const onFocus = () => handleFocus();
    window.addEventListener('visibilitychange', onFocus);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('visibilitychange', onFocus);
      window.removeEventListener('focus', onFocus);
    };
  });
}

/** How recent an answer is that a list mounting now was opened with (its page's prefetch). */
export const JUST_ANSWERED_MS = 5_000;

/**
 * refetchOnMount for lists read fresh on every visit (staleTime 0): one answered moments ago,
 * which the page's prefetch asked for beside its code, is not asked again as the list mounts.
 * Asking again would also render the page twice more at once: the hook reads react-query
 * through useSyncExternalStore, so the fetch starting on mount re-renders it synchronously.
 */
export function unlessJustAnswered(query: { state: { dataUpdatedAt: number; isInvalidated: boolean } }): boolean {
  const { dataUpdatedAt, isInvalidated } = query.state;
  // An answer a write has invalidated since is asked again, however recent.
  return isInvalidated || dataUpdatedAt === 0 || Date.now() - dataUpdatedAt > JUST_ANSWERED_MS;
}
