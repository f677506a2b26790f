import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { ApiError } from '../api/client';

export const LOADING_LABEL = 'Cargando…';
export const FORBIDDEN_TEXT = 'No tienes permiso para ver esta información.';
export const RETRY_TEXT = 'Reintentar';
/** What a figure shows when it was not measured: neither a zero nor a guess. */
export const NOT_MEASURED = '—';

/** The part of a react-query result the loading, error and empty states read. */
export interface LoadState {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: Error | null;
  refetch: () => Promise<unknown>;
}

type OneOrMany = LoadState | readonly LoadState[];

const asList = (queries: OneOrMany): readonly LoadState[] => (Array.isArray(queries) ? queries : [queries as LoadState]);

/** A 403 answer: asking again gets the same answer, so there is nothing to retry. */
export function isForbidden(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** Messages once each, in the order the queries came: the same failure on three widgets is one failure. */
function distinctMessages(queries: readonly LoadState[], messageFor: (error: Error) => string): string[] {
  return [...new Set(queries.map((query) => (query.error ? messageFor(query.error) : '') || 'Ocurrió un error inesperado'))];
}

const ownMessage = (error: Error) => error.message;

/** The server's reason for a refusal, else FORBIDDEN_TEXT (a bare 403 carries no words of its own). */
function forbiddenMessage(queries: readonly LoadState[]): string {
  const reasons = queries.map((query) => query.error).filter((error) => error instanceof ApiError && error.fromServer);
  return reasons.length > 0 ? [...new Set(reasons.map((error) => (error as ApiError).message))].join(' ') : FORBIDDEN_TEXT;
}

export type LoadSummary = 'loading' | 'forbidden' | 'error' | 'idle' | 'success';

/**
 * Where several loads stand together: forbidden before error (a retry cannot help), error before
 * loading (a failure is news now, the rest can wait), loading before a disabled load that never ran.
 */
export function loadSummary(queries: OneOrMany): LoadSummary {
  const list = asList(queries);
  if (list.some((query) => query.status === 'error' && isForbidden(query.error))) return 'forbidden';
  if (list.some((query) => query.status === 'error')) return 'error';
  if (list.some((query) => query.status === 'pending' && query.fetchStatus !== 'idle')) return 'loading';
  if (list.some((query) => query.status === 'pending')) return 'idle';
  return 'success';
}

/** A spinner that says what it is doing to a screen reader too. */
export function LoadingState({ label = LOADING_LABEL, minHeight = 120 }: { label?: string; minHeight?: number }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight }} role="status" aria-label={label}>
      <Spin />
    </Flex>
  );
}

/**
 * One alert for the failed loads among `queries`: a 403 says the reader may not see it (the
 * server's message, else FORBIDDEN_TEXT) with no retry; any other failure shows the server's
 * message once and a "Reintentar" that asks again for every failed load. Nothing when none failed.
 */
export function QueryErrorAlert({
  queries,
  style,
  messageFor = ownMessage,
}: {
  queries: OneOrMany;
  style?: CSSProperties;
  /** Words of the page's own for a failure, when the read's general message would mislead. */
  messageFor?: (error: Error) => string;
}) {
  const failed = asList(queries).filter((query) => query.status === 'error');
  if (failed.length === 0) return null;
  const forbidden = failed.filter((query) => isForbidden(query.error));
  const retryable = failed.filter((query) => !isForbidden(query.error));
  const alertStyle = { marginBottom: 16, ...style };
  return (
    <>
      {forbidden.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={forbiddenMessage(forbidden)}
          style={alertStyle}
        />
      ) : null}
      {retryable.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={distinctMessages(retryable, messageFor).join(' ')}
          style={alertStyle}
          action={
            <Button
              size="small"
              loading={retryable.some((query) => query.fetchStatus === 'fetching')}
              onClick={() => retryable.forEach((query) => void query.refetch())}
            >
              {RETRY_TEXT}
            </Button>
          }
        />
      ) : null}
    </>
  );
}

interface QueryStateProps {
  /** The loads the content needs; every one must succeed before the content shows. */
  queries: OneOrMany;
  /** Whether the successful answer has nothing to show; read only after every load succeeded. */
  isEmpty?: boolean;
  /** The page's own words for a successful empty answer (the spec's "No hay … disponibles"). */
  empty?: ReactNode;
  /** Replaces the spinner, e.g. with a skeleton shaped like the content. */
  loading?: ReactNode;
  /**
   * Set when the page already shows these loads' failure once (QueryErrorAlert at its top):
   * this place then shows NOT_MEASURED instead of a second copy of the same message.
   */
  errorShownAbove?: boolean;
  children: ReactNode | (() => ReactNode);
}

/**
 * Loading, forbidden, error, empty or the content, for one or several react-query results.
 * Empty shows only after a successful answer; a failure never looks like an empty list.
 */
export function QueryState({ queries, isEmpty = false, empty, loading, errorShownAbove = false, children }: QueryStateProps) {
  const summary = loadSummary(queries);
  if (summary === 'forbidden' || summary === 'error') {
    if (errorShownAbove) return <NotMeasured />;
    return <QueryErrorAlert queries={queries} style={{ marginBottom: 0 }} />;
  }
  if (summary === 'loading') return <>{loading ?? <LoadingState />}</>;
  if (summary === 'idle') return null;
  if (isEmpty) return <>{typeof empty === 'string' ? <Typography.Text type="secondary">{empty}</Typography.Text> : empty}</>;
  return <>{typeof children === 'function' ? children() : children}</>;
}

/**
 * What a table says when it has no rows: the page's empty text only after a successful answer,
 * a dash after a failure (the alert above says why), and that it is loading before an answer.
 */
export function tableEmptyText(queries: OneOrMany, empty: ReactNode): ReactNode {
  const summary = loadSummary(queries);
  if (summary === 'success') return empty;
  if (summary === 'error' || summary === 'forbidden') return <NotMeasured />;
  return <Typography.Text type="secondary">{LOADING_LABEL}</Typography.Text>;
}

/** The dash of a figure that was not measured, named for a screen reader. */
export function NotMeasured() {
  return (
    <Typography.Text type="secondary" aria-label="Sin datos">
      {NOT_MEASURED}
    </Typography.Text>
  );
}

/**
 * A figure's value once its load succeeded, else NOT_MEASURED: a failed or pending load is
 * never shown as 0.
 */
export function measured<T, V>(query: { status: LoadState['status']; data: T | undefined }, read: (data: T) => V): V | string {
  return query.status === 'success' && query.data !== undefined ? read(query.data) : NOT_MEASURED;
}
