import { useEffect, useRef, useState } from 'react';
import { Alert, Avatar, Button, Descriptions, Flex, Input, Popconfirm, Rate, Select, Tag, Typography } from 'antd';
import { FileTextOutlined, LockOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  TICKET_CLOSE_ERROR,
  fetchTranscript,
  useRateTicket,
  useReplyToTicket,
  useSetTicketPriority,
  useSetTicketStatus,
} from '../../api/tickets';
import type { Ticket, TicketMessage, TicketPriority, TicketStatus } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { avatarUrl, initial } from '../../layout/avatar';
import { formatDateTime } from '../dates';
import { ErrorBanner } from '../ErrorBanner';
import { AttachmentPicker } from './AttachmentPicker';
import { TicketImage } from './TicketImage';
import { PriorityTag, StatusTag } from './TicketTags';
import { PRIORITY_LABELS, SENDER_LABELS, TICKET_PRIORITIES, TICKET_STATUSES, categoryLabel, statusLabel } from './ticketLabels';

export const CLOSED_NOTICE = 'Este ticket está cerrado y ya no admite mensajes.';
export const REPLY_NEEDS_CONTENT = 'Escribe un mensaje o adjunta al menos una imagen.';
const TRANSCRIPT_URL_LIFETIME_MS = 60_000;

/** Whether a reply has something to send: text or at least one file. */
export function canSendReply(text: string, files: readonly File[]): boolean {
  return text.trim() !== '' || files.length > 0;
}

function SenderAvatar({ message }: { message: TicketMessage }) {
  if (message.senderType === 'ai') {
    return <Avatar icon={<RobotOutlined />} style={{ backgroundColor: '#ec4899', flexShrink: 0 }} alt={message.senderName} />;
  }
  return (
    <Avatar
      src={avatarUrl({ discordId: message.senderId, avatar: message.senderAvatar })}
      alt={message.senderName}
      style={{ backgroundColor: message.senderType === 'staff' ? '#4f46e5' : '#94a3b8', flexShrink: 0 }}
    >
      {initial(message.senderName)}
    </Avatar>
  );
}

const SENDER_TAG_COLORS = { user: 'default', staff: 'purple', ai: 'magenta' } as const;

function MessageItem({ message, own }: { message: TicketMessage; own: boolean }) {
  return (
    <li className={`ticket-message ticket-message-${message.senderType}${own ? ' ticket-message-own' : ''}`} aria-label={`Mensaje de ${message.senderName}`}>
      <SenderAvatar message={message} />
      <div className="ticket-message-bubble">
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{message.senderName}</Typography.Text>
          <Tag color={SENDER_TAG_COLORS[message.senderType]} style={{ marginInlineEnd: 0 }}>
            {SENDER_LABELS[message.senderType] ?? message.senderType}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </Typography.Text>
        </Flex>
        {message.content ? <div className="ticket-message-text">{message.content}</div> : null}
        {message.attachments.length > 0 ? (
          <Flex gap={8} wrap style={{ marginTop: 8 }}>
            {message.attachments.map((file) => (
              <TicketImage key={file.url} file={file} />
            ))}
          </Flex>
        ) : null}
      </div>
    </li>
  );
}

/** How close to the end a reader must be for the conversation to follow new content. */
const FOLLOW_DISTANCE_PX = 48;

/** Keeps a scrolled box at its end as its content grows (messages arrive, images load), unless the reader scrolled up. */
function useFollowEnd() {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = box.current;
    const inner = content.current;
    if (!element || !inner) return;
    let following = true;
    const toEnd = () => {
      if (following) element.scrollTop = element.scrollHeight;
    };
    const onScroll = () => {
      following = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_DISTANCE_PX;
    };
    toEnd();
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(toEnd);
    observer?.observe(inner);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, []);
  return { box, content };
}

function MessageList({ messages }: { messages: TicketMessage[] }) {
  const { user } = useAuth();
  const { box, content } = useFollowEnd();
  return (
    <div ref={box} className="ticket-messages-scroll">
      <ol ref={content} className="ticket-messages" aria-label="Conversación">
        {messages.map((message, index) => (
          <MessageItem key={`${message.createdAt}-${index}`} message={message} own={message.senderId !== '' && message.senderId === user?.discordId} />
        ))}
      </ol>
    </div>
  );
}

function ReplyBox({ ticketId }: { ticketId: string }) {
  const reply = useReplyToTicket(ticketId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [pickerKey, setPickerKey] = useState(0);
  const ready = canSendReply(text, files);

  const send = () => {
    if (!ready) return;
    reply.mutate(
      { message: text.trim(), attachments: files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setPickerKey((key) => key + 1);
        },
      },
    );
  };

  return (
    <Flex vertical gap={8} className="ticket-reply">
      <ErrorBanner message={reply.error?.message} onClose={() => reply.reset()} style={{ marginBottom: 0 }} />
      <Input.TextArea
        aria-label="Respuesta"
        placeholder="Escribe tu respuesta..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={4000}
      />
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        <div style={{ flex: 1, minWidth: 200 }}>
          <AttachmentPicker key={pickerKey} value={files} onChange={setFiles} variant="button" disabled={reply.isPending} />
        </div>
        <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!ready} loading={reply.isPending} title={ready ? undefined : REPLY_NEEDS_CONTENT}>
          Enviar
        </Button>
      </Flex>
    </Flex>
  );
}

function StaffControls({ ticket }: { ticket: Ticket }) {
  const setStatus = useSetTicketStatus();
  const setPriority = useSetTicketPriority();
  const closed = ticket.status === 'closed';
  const statusOptions: { value: TicketStatus; label: string }[] = TICKET_STATUSES.filter((status) => status !== 'closed').map((status) => ({
    value: status,
    label: statusLabel(status),
  }));
  if (!statusOptions.some((option) => option.value === ticket.status)) {
    statusOptions.push({ value: ticket.status as TicketStatus, label: statusLabel(ticket.status) });
  }
  const error = setStatus.error ?? setPriority.error;

  return (
    <Flex vertical gap={8} className="ticket-staff-controls">
      <ErrorBanner
        message={error?.message}
        onClose={() => {
          setStatus.reset();
          setPriority.reset();
        }}
        style={{ marginBottom: 0 }}
      />
      <Flex gap={12} wrap align="center">
        <label className="ticket-control">
          <Typography.Text type="secondary">Estado</Typography.Text>
          <Select
            aria-label="Estado"
            value={ticket.status as TicketStatus}
            options={statusOptions}
            disabled={closed || setStatus.isPending}
            loading={setStatus.isPending}
            onChange={(status: TicketStatus) => setStatus.mutate({ ticketId: ticket.ticketId, body: { status } })}
            style={{ minWidth: 180 }}
          />
        </label>
        <label className="ticket-control">
          <Typography.Text type="secondary">Prioridad</Typography.Text>
          <Select
            aria-label="Prioridad"
            value={ticket.priority}
            options={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
            disabled={closed || setPriority.isPending}
            loading={setPriority.isPending}
            onChange={(priority: TicketPriority) => setPriority.mutate({ ticketId: ticket.ticketId, body: { priority } })}
            style={{ minWidth: 120 }}
          />
        </label>
      </Flex>
    </Flex>
  );
}

function RatingSection({ ticket }: { ticket: Ticket }) {
  const rate = useRateTicket();
  const [stars, setStars] = useState(0);

  if (ticket.rating !== null && ticket.rating !== undefined) {
    return (
      <Flex align="center" gap={8} wrap className="ticket-rating">
        <Typography.Text>Calificación de la atención:</Typography.Text>
        <Rate disabled value={ticket.rating} aria-label="Calificación" />
        <Typography.Text type="secondary">{ticket.rating} de 5</Typography.Text>
      </Flex>
    );
  }
  if (!ticket.canRate) return null;
  return (
    <Flex vertical gap={8} className="ticket-rating">
      <ErrorBanner message={rate.error?.message} onClose={() => rate.reset()} style={{ marginBottom: 0 }} />
      <Typography.Text strong>¿Cómo calificarías la atención recibida?</Typography.Text>
      <Flex align="center" gap={12} wrap>
        <Rate value={stars} onChange={setStars} aria-label="Tu calificación" />
        <Button type="primary" disabled={stars === 0} loading={rate.isPending} onClick={() => rate.mutate({ ticketId: ticket.ticketId, body: { rating: stars } })}>
          Calificar
        </Button>
      </Flex>
    </Flex>
  );
}

/** Opens the transcript, an HTML page that needs the user's token, in a new tab. */
function TranscriptButton({ ticketId }: { ticketId: string }) {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setError(null);
    setOpening(true);
    const tab = window.open('', '_blank');
    try {
      const page = await fetchTranscript(queryClient, ticketId);
      const url = URL.createObjectURL(new Blob([page], { type: 'text/html' }));
      setTimeout(() => URL.revokeObjectURL(url), TRANSCRIPT_URL_LIFETIME_MS);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (err) {
      tab?.close();
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setOpening(false);
    }
  };

  return (
    <>
      <Button icon={<FileTextOutlined />} onClick={() => void open()} loading={opening}>
        Transcripción
      </Button>
      {error ? <ErrorBanner message={error} onClose={() => setError(null)} style={{ marginBottom: 0, width: '100%' }} /> : null}
    </>
  );
}

function CloseTicketButton({ ticket }: { ticket: Ticket }) {
  const close = useSetTicketStatus(TICKET_CLOSE_ERROR);
  return (
    <>
      <Popconfirm
        title="¿Cerrar este ticket?"
        description="Ya no admitirá mensajes."
        okText="Cerrar Ticket"
        cancelText="Cancelar"
        okButtonProps={{ danger: true }}
        onConfirm={() => close.mutate({ ticketId: ticket.ticketId, body: { status: 'closed' } })}
      >
        <Button danger icon={<LockOutlined />} loading={close.isPending}>
          Cerrar Ticket
        </Button>
      </Popconfirm>
      {close.error ? <ErrorBanner message={close.error.message} onClose={() => close.reset()} style={{ marginBottom: 0, width: '100%' }} /> : null}
    </>
  );
}

/** Step 2 of the ticket dialog: the ticket, its conversation and what the user may do with it. */
export function TicketConversation({ ticket }: { ticket: Ticket }) {
  const closed = ticket.status === 'closed';
  return (
    <Flex vertical gap={16} className="ticket-conversation">
      <div>
        <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {ticket.title}
        </Typography.Title>
        <Flex gap={6} wrap align="center" style={{ marginTop: 8 }}>
          <StatusTag status={ticket.status} />
          <PriorityTag priority={ticket.priority} />
          <Tag>{categoryLabel(ticket.category)}</Tag>
        </Flex>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          style={{ marginTop: 12 }}
          items={[
            { key: 'author', label: 'Autor', children: ticket.author.staffUsername },
            { key: 'assigned', label: 'Asignado a', children: ticket.assignedTo?.staffUsername ?? 'Sin asignar' },
            { key: 'created', label: 'Creado', children: formatDateTime(ticket.createdAt) },
            { key: 'updated', label: 'Actualizado', children: formatDateTime(ticket.updatedAt) },
          ]}
        />
      </div>

      {ticket.canManage ? <StaffControls ticket={ticket} /> : null}

      <Flex gap={8} wrap>
        <TranscriptButton ticketId={ticket.ticketId} />
        {ticket.canClose && !closed ? <CloseTicketButton ticket={ticket} /> : null}
      </Flex>

      <MessageList messages={ticket.messages ?? []} />

      {closed ? <Alert type="info" showIcon icon={<LockOutlined />} title={CLOSED_NOTICE} /> : <ReplyBox ticketId={ticket.ticketId} />}

      <RatingSection ticket={ticket} />
    </Flex>
  );
}
