import { Alert, Button, Flex } from 'antd';
import type { LoadState } from './QueryState';

export const LOAD_MORE_TEXT = 'Cargar más';

/** The part of react-query's infinite result a list read a page at a time uses. */
export interface PagedLoad extends LoadState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * How the pages already shown stand: a failure to read the next page does not hide them (the
 * button below says it and asks again), while a failure of the first page, or of a refresh, is
 * the list's own.
 */
export function shownPages<Q extends PagedLoad>(query: Q): LoadState {
  return query.isFetchNextPageError ? { ...query, status: 'success', error: null } : query;
}

interface LoadMoreProps {
  query: PagedLoad;
  /** The button's words, the list's own when it has them. */
  label?: string;
}

/**
 * Reads the next page of a list, below it, until the list ends. Large enough for a finger
 * (44 px, index.css) and kept where it is while the page loads.
 */
export function LoadMore({ query, label = LOAD_MORE_TEXT }: LoadMoreProps) {
  if (!query.hasNextPage) return null;
  return (
    <Flex vertical align="center" gap={12} style={{ marginTop: 24 }}>
      {query.isFetchNextPageError ? (
        <Alert type="error" showIcon role="alert" title={query.error?.message || 'Ocurrió un error inesperado'} />
      ) : null}
      <Button size="large" className="load-more" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        {label}
      </Button>
    </Flex>
  );
}
