import { useState } from 'react';
import { Modal } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { TICKET_DETAIL_ERROR, useTicket } from '../../api/tickets';
import { ErrorBanner } from '../ErrorBanner';
import { Loading } from '../Loading';
import { NewTicketForm, type TicketDraft } from './NewTicketForm';
import { TicketConversation } from './TicketConversation';

export const NEW_TICKET_TITLE = 'Nuevo Ticket de Soporte';

export interface TicketDialogProps {
  open: boolean;
  onClose: () => void;
  /** An existing ticket, shown at once in the conversation step. */
  ticketId?: string | null;
  /** What the creation form starts with. */
  draft?: TicketDraft;
  /** Offers a link to the support centre ('Mis tickets') under the creation form. */
  showMyTickets?: boolean;
  /** The message when the ticket cannot be loaded. */
  detailErrorMessage?: string;
}

function TicketStep({ ticketId, errorMessage }: { ticketId: string; errorMessage: string }) {
  const ticket = useTicket(ticketId, errorMessage);
  if (ticket.data === undefined) return ticket.isError ? <ErrorBanner message={ticket.error.message} /> : <Loading />;
  return <TicketConversation ticket={ticket.data} />;
}

/** The ticket dialog: step 1 creates a ticket, step 2 is its conversation. */
export function TicketDialog({ open, onClose, ticketId = null, draft, showMyTickets = false, detailErrorMessage = TICKET_DETAIL_ERROR }: TicketDialogProps) {
  const [createdId, setCreatedId] = useState<string | null>(null);
  const shownId = ticketId ?? createdId;

  return (
    <Modal
      title={shownId === null ? NEW_TICKET_TITLE : `Ticket #${shownId}`}
      open={open}
      onCancel={onClose}
      afterClose={() => setCreatedId(null)}
      footer={null}
      width={shownId === null ? 620 : 760}
      destroyOnHidden
      className="ticket-dialog"
    >
      {shownId === null ? (
        <NewTicketForm
          draft={draft}
          onCreated={(ticket) => setCreatedId(ticket.ticketId)}
          extra={
            showMyTickets ? (
              <Link to="/support" onClick={onClose}>
                <UnorderedListOutlined /> Mis tickets
              </Link>
            ) : null
          }
        />
      ) : (
        <TicketStep ticketId={shownId} errorMessage={detailErrorMessage} />
      )}
    </Modal>
  );
}
