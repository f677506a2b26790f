import { useState, type ReactNode } from 'react';
import { Button, Modal, Result } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { TICKET_DETAIL_ERROR, useTicket } from '../../api/tickets';
import { Loading } from '../Loading';
import { QueryErrorAlert } from '../QueryState';
import { SubmitOutcome } from '../SubmitOutcome';
import { usePhone } from '../ResponsiveTable';
import { NewTicketForm, type TicketDraft } from './NewTicketForm';
import { TicketConversation } from './TicketConversation';
import { OPENED_HERE, OWN_TICKETS_BASE, ticketAddress } from './useTicketAddress';

export const NEW_TICKET_TITLE = 'Nuevo Ticket de Soporte';
export const TICKET_NOT_FOUND = 'Ticket no encontrado';
export const TICKET_NOT_FOUND_DETAIL = 'Este ticket no existe o no tienes acceso a él. Revisa el enlace o búscalo en la lista.';

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
  /** The button of the not-found state, which closes the dialog (back to the list). */
  backLabel?: string;
  /**
   * After a ticket is created here. Without it the dialog closes and the ticket opens at its
   * own address (/support/tickets/<id>), which can be shared and reloaded, and closing it
   * goes back to the page it was created on; a page that shows its tickets at their address
   * itself (the support centre) moves there and keeps the dialog.
   */
  onCreated?: (ticketId: string) => void;
}

/** A ticket the server will not show this member (none by that id, or someone else's). */
function isNotFound(error: Error | null): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

function TicketNotFound({ backLabel, onBack }: { backLabel: string; onBack: () => void }) {
  return (
    <Result
      status="404"
      className="ticket-not-found"
      title={<h2 className="result-heading">{TICKET_NOT_FOUND}</h2>}
      subTitle={TICKET_NOT_FOUND_DETAIL}
      extra={
        <Button type="primary" onClick={onBack}>
          {backLabel}
        </Button>
      }
    />
  );
}

/** The conversation step; a ticket just created takes focus, as the answer to its form. */
function TicketStep({ ticketId, errorMessage, created, notFound }: { ticketId: string; errorMessage: string; created: boolean; notFound: ReactNode }) {
  const ticket = useTicket(ticketId, errorMessage);
  if (ticket.data === undefined) {
    if (!ticket.isError) return <Loading />;
    return isNotFound(ticket.error) ? notFound : <QueryErrorAlert queries={ticket} />;
  }
  const conversation = <TicketConversation ticket={ticket.data} />;
  return created ? <SubmitOutcome>{conversation}</SubmitOutcome> : conversation;
}

/** The ticket dialog: step 1 creates a ticket, step 2 is its conversation. */
export function TicketDialog({
  open,
  onClose,
  ticketId = null,
  draft,
  showMyTickets = false,
  detailErrorMessage = TICKET_DETAIL_ERROR,
  backLabel = 'Volver',
  onCreated,
}: TicketDialogProps) {
  const navigate = useNavigate();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const shownId = ticketId ?? createdId;
  const created = (id: string) => {
    setCreatedId(id);
    if (onCreated) {
      onCreated(id);
      return;
    }
    onClose();
    void navigate(ticketAddress(OWN_TICKETS_BASE, id), { state: OPENED_HERE });
  };
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
          onCreated={(ticket) => created(ticket.ticketId)}
          extra={
            showMyTickets ? (
              <Link to="/support" onClick={onClose}>
                <UnorderedListOutlined /> Mis tickets
              </Link>
            ) : null
          }
        />
      ) : (
        <TicketStep
          ticketId={shownId}
          errorMessage={detailErrorMessage}
          created={shownId === createdId}
          notFound={<TicketNotFound backLabel={backLabel} onBack={onClose} />}
        />
      )}
    </Modal>
  );
}
