import { useState } from 'react';
import { Modal } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { TICKET_DETAIL_ERROR, useTicket } from '../../api/tickets';
import { Loading } from '../Loading';
import { QueryErrorAlert } from '../QueryState';
import { SubmitOutcome } from '../SubmitOutcome';
import { usePhone } from '../ResponsiveTable';
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

/** The conversation step; a ticket just created takes focus, as the answer to its form. */
function TicketStep({ ticketId, errorMessage, created }: { ticketId: string; errorMessage: string; created: boolean }) {
  const ticket = useTicket(ticketId, errorMessage);
  if (ticket.data === undefined) return ticket.isError ? <QueryErrorAlert queries={ticket} /> : <Loading />;
  const conversation = <TicketConversation ticket={ticket.data} />;
  return created ? <SubmitOutcome>{conversation}</SubmitOutcome> : conversation;
}

/** The ticket dialog: step 1 creates a ticket, step 2 is its conversation. */
export function TicketDialog({ open, onClose, ticketId = null, draft, showMyTickets = false, detailErrorMessage = TICKET_DETAIL_ERROR }: TicketDialogProps) {
  const [createdId, setCreatedId] = useState<string | null>(null);
  const shownId = ticketId ?? createdId;
  // On a phone the dialog takes the whole screen: the conversation scrolls inside it and the
  // reply box stays at its foot.
  const phone = usePhone();

  return (
    <Modal
      title={shownId === null ? NEW_TICKET_TITLE : `Ticket #${shownId}`}
      open={open}
      onCancel={onClose}
      afterClose={() => setCreatedId(null)}
      footer={null}
      width={phone ? '100%' : shownId === null ? 620 : 760}
      destroyOnHidden
      className={phone ? 'ticket-dialog ticket-dialog-full' : 'ticket-dialog'}
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
        <TicketStep ticketId={shownId} errorMessage={detailErrorMessage} created={ticketId === null} />
      )}
    </Modal>
  );
}
