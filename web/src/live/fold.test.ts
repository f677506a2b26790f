import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_CONTROL_FRAMES, LIVE_KINDS } from '../api/serverConstants.gen';
import { foldLiveEvent } from './fold';

/** A query client whose reads and writes of the cache are counted. */
function watchedClient() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const write = vi.spyOn(queryClient, 'setQueryData');
  return { queryClient, touched: () => invalidate.mock.calls.length + write.mock.calls.length };
}

const frame = (event: string) => ({ event, data: JSON.stringify({ ticketId: '7' }) });

describe('foldLiveEvent', () => {
  // The kinds come from the server's Go constants: one added there and not folded here fails.
  it.each(Object.values(LIVE_KINDS))('folds %s into the cache', async (kind) => {
    const { queryClient, touched } = watchedClient();
    await foldLiveEvent(queryClient, frame(kind));
    expect(touched()).toBeGreaterThan(0);
  });

  it.each([LIVE_CONTROL_FRAMES.Refetch, LIVE_CONTROL_FRAMES.Access, LIVE_CONTROL_FRAMES.Ended])('reads again on the %s frame', async (control) => {
    const { queryClient, touched } = watchedClient();
    await foldLiveEvent(queryClient, frame(control));
    expect(touched()).toBeGreaterThan(0);
  });

  it('leaves ready to the connection, and a kind from a newer server alone', async () => {
    const { queryClient, touched } = watchedClient();
    await foldLiveEvent(queryClient, frame(LIVE_CONTROL_FRAMES.Ready));
    await foldLiveEvent(queryClient, frame('ticket.teleported'));
    expect(touched()).toBe(0);
  });
});
