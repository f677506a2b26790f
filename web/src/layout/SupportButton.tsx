import { useState } from 'react';
import { FloatButton } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { useUnreadTickets } from '../api/tickets';
import { useAuth } from '../auth/useAuth';
import { TicketDialog } from './dialogs';

/** The accessible name of the button, with the unread count when there is one. */
export function supportButtonLabel(unread: number): string {
  if (unread <= 0) return 'Soporte';
  return unread === 1 ? 'Soporte: 1 ticket con respuestas sin leer' : `Soporte: ${unread} tickets con respuestas sin leer`;
}

/** The floating support button, for signed-in users, with the count of tickets that have unread answers. */
export function SupportButton() {
  const { user } = useAuth();
  const unread = useUnreadTickets(user !== null);
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const count = unread.data?.count ?? 0;
  return (
    <>
      <FloatButton
        type="primary"
        icon={<CustomerServiceOutlined />}
        tooltip="Soporte"
        aria-label={supportButtonLabel(count)}
        badge={{ count }}
        onClick={() => setOpen(true)}
        style={{ insetInlineEnd: 24, insetBlockEnd: 24 }}
      />
      <TicketDialog open={open} onClose={() => setOpen(false)} showMyTickets />
    </>
  );
}
