import { useState } from 'react';
import { FloatButton } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { listOf } from '../api/labels';
import { useUnreadTickets } from '../api/tickets';
import { useAuth } from '../auth/useAuth';
import { TicketDialog } from './ticketDialog';

/**
 * The accessible name of the button: with unread answers, how many (the number its badge
 * shows, which the name must contain) and in which tickets, as the list marks them
 * ("Soporte: 1 ticket con respuestas sin leer: #12").
 */
export function supportButtonLabel(unread: number, ticketIds: readonly string[] = []): string {
  if (unread <= 0) return 'Soporte';
  const count = unread === 1 ? 'Soporte: 1 ticket con respuestas sin leer' : `Soporte: ${unread} tickets con respuestas sin leer`;
  return ticketIds.length === 0 ? count : `${count}: ${listOf(ticketIds.map((id) => `#${id}`))}`;
}

/** The floating support button, for signed-in users, with the count of tickets that have unread answers. */
export function SupportButton() {
  const { user } = useAuth();
  const unread = useUnreadTickets(user !== null);
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const count = unread.data?.count ?? 0;
  const label = supportButtonLabel(count, unread.data?.ticketIds);
  return (
    <>
      <FloatButton
        type="primary"
        icon={<CustomerServiceOutlined />}
        tooltip="Soporte"
        // The badge is inside the button: the button's name says what its number counts.
        aria-label={label}
        badge={{ count }}
        onClick={() => setOpen(true)}
        style={{ insetInlineEnd: 24, insetBlockEnd: 24 }}
      />
      <TicketDialog open={open} onClose={() => setOpen(false)} showMyTickets />
    </>
  );
}
