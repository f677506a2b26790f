import { useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';

interface OpenedHere {
  openedFromList?: boolean;
}

/** Where a member's own tickets have their address: `/support/tickets/<id>`. */
export const OWN_TICKETS_BASE = '/support';

/** The history state of a ticket opened from the page before it: closing it goes back there. */
export const OPENED_HERE: OpenedHere = { openedFromList: true };

/** A ticket's address under a page of tickets: `/support` gives `/support/tickets/7`. */
export function ticketAddress(base: string, ticketId: string): string {
  return `${base}/tickets/${encodeURIComponent(ticketId)}`;
}

/**
 * The ticket that a page of tickets shows open, read from the address (`<base>/tickets/:id`).
 * Opening a ticket moves to its address and closing moves back, so the back button, a
 * reload and a copied link all show what the screen shows.
 */
export function useTicketAddress(base: string) {
  const match = useMatch(`${base}/tickets/:id`);
  const navigate = useNavigate();
  const location = useLocation();
  const ticketId = match?.params.id ?? null;

  // The dialog keeps showing the last ticket while it closes, not an empty one.
  const [shownId, setShownId] = useState(ticketId);
  if (ticketId !== null && ticketId !== shownId) setShownId(ticketId);

  const open = (id: string) => {
    void navigate(ticketAddress(base, id), { state: OPENED_HERE, replace: ticketId !== null });
  };
  const close = () => {
    if (ticketId === null) return;
    // Opened from the list: closing is going back, so Back after it does not reopen it.
    // Opened from a link: the list replaces it, with nothing before it to go back to.
    if ((location.state as OpenedHere | null)?.openedFromList) void navigate(-1);
    else void navigate(base, { replace: true });
  };

  return { ticketId, shownId, isOpen: ticketId !== null, open, close };
}
