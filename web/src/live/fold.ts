import type { QueryClient } from '@tanstack/react-query';
import { legislativeKeys } from '../api/legislative';
import { newsKeys } from '../api/news';
import { queryKeys } from '../api/queries';
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

/**
 * Folds one frame of the live stream into the query cache: what it carries goes in
 * directly, what it only names is read again. Unknown kinds are ignored.
 */
export async function foldLiveEvent(queryClient: QueryClient, frame: SseFrame): Promise<void> {
  const data = parse(frame.data) ?? {};
  const ticketId = typeof data.ticketId === 'string' ? data.ticketId : null;
  switch (frame.event) {
    case 'ticket.message': {
      if (ticketId === null) return;
      const message = data.message as TicketMessage | undefined;
      // Reading an open conversation marks it read on the server, so it is read again before
      // the unread count: otherwise the badge would count the answer the member is looking at.
      if (message && typeof message === 'object' && appendMessage(queryClient, ticketId, message)) {
        await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
      }
      await refreshTicketSummaries(queryClient);
      return;
    }
    case 'ticket.created':
    case 'ticket.updated':
    case 'ticket.note':
      if (ticketId !== null) await queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
      await refreshTicketSummaries(queryClient);
      return;
    case 'shift.started':
    case 'shift.ended':
    case 'shift.paused':
    case 'shift.resumed':
      // staffKeys.all is the prefix of every staff query, "who is on shift now" included.
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      return;
    case 'initiative.voted':
    case 'initiative.changed':
      await queryClient.invalidateQueries({ queryKey: legislativeKeys.all });
      return;
    case 'news.published':
    case 'news.changed':
      await queryClient.invalidateQueries({ queryKey: newsKeys.all });
      return;
    case 'refetch':
      await queryClient.invalidateQueries();
      return;
    case 'access':
    case 'ended':
      // A changed member reads their rights again; an ended session learns it from the
      // profile's 401, which signs the tab out as any other refused call does.
      await queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
      return;
    default:
      return;
  }
}
