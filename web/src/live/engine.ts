import type { QueryClient } from '@tanstack/react-query';
import type { LiveStatus } from './connection';
import { foldLiveEvent } from './fold';
import { startSharedLive } from './shared';

/**
 * Follows the live stream with `token`, folding its events into `queryClient`; returns the
 * function that stops it. Loaded once someone is signed in: visitors do not download it, nor
 * the query hooks it reaches.
 */
export function startLive(
  queryClient: QueryClient,
  token: string,
  onStatus: (status: LiveStatus) => void,
  onUnauthorized: () => void,
): () => void {
  return startSharedLive({
    token,
    onFrame: (frame) => void foldLiveEvent(queryClient, frame),
    onStatus,
    onUnauthorized,
  });
}
