import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifyUnauthorized } from '../api/client';
import { useAuth } from '../auth/useAuth';
import type { LiveStatus } from './connection';
import { RequestRegion } from '../ssr/browserOnly';
import { LiveNotice } from './LiveNotice';
import { LiveStatusContext } from './status';

/**
 * Follows the live stream while a member is signed in, folding its events into the query
 * cache; a new token (sign-in as someone else) starts a new stream, signing out stops it.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { sessionToken } = useAuth();
  const queryClient = useQueryClient();
  const [reported, setReported] = useState<{ token: string; status: LiveStatus } | null>(null);

  useEffect(() => {
    if (sessionToken === null) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./engine').then(({ startLive }) => {
      if (cancelled) return;
      // As a transition: the stream connects while a page loads, and what follows its status (the
      // notice, the fallback polling) need not render ahead of the page, in a task that blocks.
      const report = (status: LiveStatus) => startTransition(() => setReported({ token: sessionToken, status }));
      stop = startLive(queryClient, sessionToken, report, notifyUnauthorized);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [sessionToken, queryClient]);

  let status: LiveStatus = 'down';
  if (sessionToken !== null) status = reported?.token === sessionToken ? reported.status : 'connecting';
  return (
    <LiveStatusContext.Provider value={status}>
      {children}
      {/* A session is known in the browser only: the prerendered page leaves the notice out. */}
      <RequestRegion>{sessionToken !== null ? <LiveNotice /> : null}</RequestRegion>
    </LiveStatusContext.Provider>
  );
}
