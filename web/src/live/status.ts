import { createContext, useContext } from 'react';
import type { LiveStatus } from './connection';

export type { LiveStatus };

/** Outside LiveProvider (signed out, and in tests) there is no stream: polling goes on. */
export const LiveStatusContext = createContext<LiveStatus>('down');

/** Whether the live stream is delivering: 'live', 'connecting' (first attempt) or 'down'. */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveStatusContext);
}

/**
 * A refetchInterval that polls only while the live stream is not delivering; while it is,
 * its events say when to read again.
 */
export function useFallbackInterval(ms: number): number | false {
  return useLiveStatus() === 'live' ? false : ms;
}
