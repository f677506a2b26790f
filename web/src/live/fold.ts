import type { QueryClient } from '@tanstack/react-query';
import { legislativeKeys } from '../api/legislative';
import { newsKeys } from '../api/news';
import { queryKeys } from '../api/queries';
import { LIVE_CONTROL_FRAMES, LIVE_KINDS } from '../api/serverConstants.gen';
import { staffKeys } from '../api/staff';
import { ticketKeys } from '../api/tickets';
import type { Ticket, TicketMessage } from '../api/types';
import type { SseFrame } from './sse';

function parse(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const sameMessage = (a: TicketMessage, b: TicketMessage) =>
  a.senderId === b.senderId && a.createdAt === b.createdAt && a.content === b.content;

/**
 * Adds the message to the cached conversation; true when it was cached and not there yet.
 * The time of the last read stays: useTicket takes a new one for a read of the ticket, which
 * marks it read on the server, and this is not one.
 */
function appendMessage(queryClient: QueryClient, ticketId: string, message: TicketMessage): boolean {
  const key = ticketKeys.detail(ticketId);
  const ticket = queryClient.getQueryData<Ticket>(key);
  if (!ticket?.messages || ticket.messages.some((known) => sameMessage(known, message))) return false;
  queryClient.setQueryData<Ticket>(key, { ...ticket, messages: [...ticket.messages, message] }, { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt });
  return true;
}

function refreshTicketSummaries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.lists }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.unread }),
    queryClient.invalidateQueries({ queryKey: ticketKeys.stats }),
  ]);
}

/** A kind of event the server streams (core/live's Kind constants, through genconsts). */
export type LiveKind = (typeof LIVE_KINDS)[keyof typeof LIVE_KINDS];

/** A control frame of the stream: it carries no event. */
export type LiveControlFrame = (typeof LIVE_CONTROL_FRAMES)[keyof typeof LIVE_CONTROL_FRAMES];

/** What one frame does to the query cache, given its data. */
type Fold = (queryClient: QueryClient, data: Record<string, unknown>) => Promise<unknown>;

const ticketIdOf = (data: Record<string, unknown>) => (typeof data.ticketId === 'string' ? data.ticketId : null);

/** A ticket changed: its conversation, if open, and the lists and counts are read again. */
const ticketChanged: Fold = async (queryClient, data) => {
  const ticketId = ticketIdOf(data);
  if (ticketId !== null) await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
  await refreshTicketSummaries(queryClient);
};

const ticketMessage: Fold = async (queryClient, data) => {
  const ticketId = ticketIdOf(data);
  if (ticketId === null) return;
  const message = data.message as TicketMessage | undefined;
  // Reading an open conversation marks it read on the server, so it is read again before
  // the unread count: otherwise the badge would count the answer the member is looking at.
  if (message && typeof message === 'object' && appendMessage(queryClient, ticketId, message)) {
    await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
  }
  await refreshTicketSummaries(queryClient);
};

// staffKeys.all is the prefix of every staff query, "who is on shift now" included.
const shiftChanged: Fold = (queryClient) => queryClient.invalidateQueries({ queryKey: staffKeys.all });
const initiativeChanged: Fold = (queryClient) => queryClient.invalidateQueries({ queryKey: legislativeKeys.all });
const newsChanged: Fold = (queryClient) => queryClient.invalidateQueries({ queryKey: newsKeys.all });

// A changed member reads their rights again; an ended session learns it from the profile's
// 401, which signs the tab out as any other refused call does.
const accessChanged: Fold = (queryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.profiles });

/** Every kind the server streams has its fold: a kind added in Go fails the typecheck here. */
const FOLDS: Record<LiveKind, Fold> = {
  [LIVE_KINDS.TicketCreated]: ticketChanged,
  [LIVE_KINDS.TicketMessage]: ticketMessage,
  [LIVE_KINDS.TicketUpdated]: ticketChanged,
  [LIVE_KINDS.TicketNote]: ticketChanged,
  [LIVE_KINDS.ShiftStarted]: shiftChanged,
  [LIVE_KINDS.ShiftEnded]: shiftChanged,
  [LIVE_KINDS.ShiftPaused]: shiftChanged,
  [LIVE_KINDS.ShiftResumed]: shiftChanged,
  [LIVE_KINDS.InitiativeVoted]: initiativeChanged,
  [LIVE_KINDS.InitiativeChanged]: initiativeChanged,
  [LIVE_KINDS.NewsPublished]: newsChanged,
  [LIVE_KINDS.NewsChanged]: newsChanged,
};

/** The control frames. Ready only tells the connection it is live (connection.ts), which also stops on ended. */
const CONTROL_FOLDS: Record<LiveControlFrame, Fold> = {
  [LIVE_CONTROL_FRAMES.Ready]: () => Promise.resolve(),
  [LIVE_CONTROL_FRAMES.Refetch]: (queryClient) => queryClient.invalidateQueries(),
  [LIVE_CONTROL_FRAMES.Access]: accessChanged,
  [LIVE_CONTROL_FRAMES.Ended]: accessChanged,
};

function foldOf(event: string): Fold | undefined {
  if (Object.hasOwn(FOLDS, event)) return FOLDS[event as LiveKind];
  if (Object.hasOwn(CONTROL_FOLDS, event)) return CONTROL_FOLDS[event as LiveControlFrame];
  return undefined;
}

/**
 * Folds one frame of the live stream into the query cache: what it carries goes in
 * directly, what it only names is read again. A kind this build does not know comes from a
 * newer server, during a deploy; it is left alone until the page loads the new build.
 */
export async function foldLiveEvent(queryClient: QueryClient, frame: SseFrame): Promise<void> {
  await foldOf(frame.event)?.(queryClient, parse(frame.data) ?? {});
}
