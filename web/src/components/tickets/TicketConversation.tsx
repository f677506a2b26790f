import { useEffect, useRef, useState } from 'react';
import { Alert, Avatar, Button, Descriptions, Flex, Input, Popconfirm, Rate, Select, Switch, Tag, Typography } from 'antd';
import { EyeInvisibleOutlined, FileTextOutlined, LockOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  TICKET_CLOSE_ERROR,
  fetchTranscript,
  useAddTicketNote,
  useCannedReplies,
  useRateTicket,
  useReplyToTicket,
  useSetTicketPriority,
  useSetTicketStatus,
} from '../../api/tickets';
import type { Ticket, TicketMessage, TicketNote, TicketPriority, TicketStatus } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { avatarUrl } from '../../layout/avatar';
import { formatDateTime } from '../dates';
import { ErrorBanner } from '../ErrorBanner';
import { InitialAvatar } from '../InitialAvatar';
import { AttachmentPicker } from './AttachmentPicker';
import { TicketImage } from './TicketImage';
import { PriorityTag, StatusTag } from './TicketTags';
import { PRIORITY_LABELS, SENDER_LABELS, TICKET_PRIORITIES, TICKET_STATUSES, categoryLabel, statusLabel } from './ticketLabels';

export const CLOSED_NOTICE = 'Este ticket está cerrado y ya no admite mensajes.';
export const REPLY_NEEDS_CONTENT = 'Escribe un mensaje o adjunta al menos una imagen.';
export const NOTE_LABEL = 'Nota interna';
export const NOTE_HINT = 'Solo la ve el staff: el jugador nunca la recibe.';
export const CANNED_PICKER_LABEL = 'Respuestas predefinidas';
/** Where the rating sits in the conversation; the DM sent at a close links here. */
export const RATING_ANCHOR = 'calificar';
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
    <InitialAvatar
      name={message.senderName}
      src={avatarUrl({ discordId: message.senderId, avatar: message.senderAvatar })}
      alt={message.senderName}
      style={{ backgroundColor: message.senderType === 'staff' ? '#4f46e5' : '#94a3b8', flexShrink: 0 }}
    />
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

function NoteItem({ note }: { note: TicketNote }) {
  return (
    <li className="ticket-message ticket-message-note" aria-label={`${NOTE_LABEL} de ${note.authorName}`}>
      <Avatar icon={<EyeInvisibleOutlined />} style={{ backgroundColor: '#d97706', flexShrink: 0 }} alt={note.authorName} />
      <div className="ticket-message-bubble">
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{note.authorName}</Typography.Text>
          <Tag color="gold" style={{ marginInlineEnd: 0 }}>
            {NOTE_LABEL}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
          </Typography.Text>
        </Flex>
        <div className="ticket-message-text">{note.content}</div>
      </div>
    </li>
  );
}

type ConversationItem = { kind: 'message'; at: string; message: TicketMessage } | { kind: 'note'; at: string; note: TicketNote };

/** Messages and staff notes in time order; at one moment the message comes first, as the server wrote them. */
export function conversationItems(messages: TicketMessage[], notes: TicketNote[]): ConversationItem[] {
  const items: ConversationItem[] = [
    ...messages.map((message) => ({ kind: 'message' as const, at: message.createdAt, message })),
    ...notes.map((note) => ({ kind: 'note' as const, at: note.createdAt, note })),
  ];
  return items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
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

function MessageList({ messages, notes }: { messages: TicketMessage[]; notes: TicketNote[] }) {
  const { user } = useAuth();
  const { box, content } = useFollowEnd();
  return (
    <div ref={box} className="ticket-messages-scroll">
      <ol ref={content} className="ticket-messages" aria-label="Conversación">
        {conversationItems(messages, notes).map((item, index) =>
          item.kind === 'note' ? (
            <NoteItem key={`note-${item.at}-${index}`} note={item.note} />
          ) : (
            <MessageItem
              key={`${item.at}-${index}`}
              message={item.message}
              own={item.message.senderId !== '' && item.message.senderId === user?.discordId}
            />
          ),
        )}
      </ol>
    </div>
  );
}

/** Staff's canned replies; picking one puts its text in the composer. */
function CannedPicker({ onPick }: { onPick: (text: string) => void }) {
  const canned = useCannedReplies();
  return (
    <Select
      aria-label={CANNED_PICKER_LABEL}
      placeholder={CANNED_PICKER_LABEL}
      value={null}
      loading={canned.isPending}
      status={canned.isError ? 'error' : undefined}
      notFoundContent={canned.isError ? canned.error.message : 'No hay respuestas predefinidas'}
      options={(canned.data ?? []).map((reply) => ({ value: reply.id, label: reply.name }))}
      onChange={(id: string) => {
        const reply = canned.data?.find((candidate) => candidate.id === id);
        if (reply) onPick(reply.content);
      }}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 220 }}
    />
  );
}

function ReplyBox({ ticket }: { ticket: Ticket }) {
  const reply = useReplyToTicket(ticket.ticketId);
  const note = useAddTicketNote(ticket.ticketId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [pickerKey, setPickerKey] = useState(0);
  const [asNote, setAsNote] = useState(false);
  const writingNote = asNote && ticket.canAddNote;
  const ready = writingNote ? text.trim() !== '' : canSendReply(text, files);
  const pending = reply.isPending || note.isPending;
  const error = (writingNote ? note.error : reply.error)?.message;

  const sent = () => {
    setText('');
    setFiles([]);
    setPickerKey((key) => key + 1);
  };
  const send = () => {
    if (!ready) return;
    if (writingNote) note.mutate({ content: text.trim() }, { onSuccess: sent });
    else reply.mutate({ message: text.trim(), attachments: files }, { onSuccess: sent });
  };

  return (
    <Flex vertical gap={8} className={writingNote ? 'ticket-reply ticket-reply-note' : 'ticket-reply'}>
      <ErrorBanner
        message={error}
        onClose={() => {
          reply.reset();
          note.reset();
        }}
        style={{ marginBottom: 0 }}
      />
      {ticket.canAddNote ? (
        <Flex gap={12} align="center" wrap>
          <label className="ticket-note-switch">
            <Switch checked={asNote} onChange={setAsNote} aria-label={NOTE_LABEL} size="small" />
            <Typography.Text>{NOTE_LABEL}</Typography.Text>
          </label>
          {writingNote ? <Typography.Text type="secondary">{NOTE_HINT}</Typography.Text> : <CannedPicker onPick={setText} />}
        </Flex>
      ) : null}
      <Input.TextArea
        aria-label={writingNote ? NOTE_LABEL : 'Respuesta'}
        placeholder={writingNote ? 'Escribe una nota para el staff...' : 'Escribe tu respuesta...'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={4000}
      />
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        <div style={{ flex: 1, minWidth: 200 }}>
          {writingNote ? null : <AttachmentPicker key={pickerKey} value={files} onChange={setFiles} variant="button" disabled={pending} />}
        </div>
        <Button type="primary" icon={writingNote ? <EyeInvisibleOutlined /> : <SendOutlined />} onClick={send} disabled={!ready} loading={pending} title={ready ? undefined : REPLY_NEEDS_CONTENT}>
          {writingNote ? 'Guardar nota' : 'Enviar'}
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
  const location = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const linked = location.hash === `#${RATING_ANCHOR}` && ticket.canRate;
  useEffect(() => {
    if (linked) anchor.current?.scrollIntoView?.({ block: 'center' });
  }, [linked]);

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
    <Flex vertical gap={8} className="ticket-rating" id={RATING_ANCHOR} ref={anchor}>
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

      <MessageList messages={ticket.messages ?? []} notes={ticket.notes ?? []} />

      {closed ? <Alert type="info" showIcon icon={<LockOutlined />} title={CLOSED_NOTICE} /> : <ReplyBox ticket={ticket} />}

      <RatingSection ticket={ticket} />
    </Flex>
  );
}
