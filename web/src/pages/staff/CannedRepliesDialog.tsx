import { useState } from 'react';
import { Button, Flex, Input, List, Modal, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCannedReplies, useCreateCannedReply, useDeleteCannedReply, useUpdateCannedReply } from '../../api/tickets';
import type { CannedReply } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { QueryErrorAlert } from '../../components/QueryState';

export const CANNED_TITLE = 'Respuestas predefinidas';
export const CANNED_EMPTY = 'No hay respuestas predefinidas';
export const CANNED_DELETE_CONFIRM = '¿Estás seguro de que deseas eliminar esta respuesta predefinida?';
const MAX_NAME = 60;
const MAX_CONTENT = 4000;

/** The form of one reply: a new one (reply null) or an edit. */
function CannedForm({ reply, onDone }: { reply: CannedReply | null; onDone: () => void }) {
  const create = useCreateCannedReply();
  const update = useUpdateCannedReply();
  const [name, setName] = useState(reply?.name ?? '');
  const [content, setContent] = useState(reply?.content ?? '');
  const pending = create.isPending || update.isPending;
  const ready = name.trim() !== '' && content.trim() !== '';
  const save = () => {
    const body = { name: name.trim(), content: content.trim() };
    if (reply) update.mutate({ id: reply.id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };
  return (
    <Flex vertical gap={8} className="canned-form">
      <ErrorBanner
        message={(create.error ?? update.error)?.message}
        onClose={() => {
          create.reset();
          update.reset();
        }}
        style={{ marginBottom: 0 }}
      />
      <Input aria-label="Nombre de la respuesta" placeholder="Nombre (p. ej. Reinicio)" value={name} maxLength={MAX_NAME} onChange={(event) => setName(event.target.value)} />
      <Input.TextArea
        aria-label="Texto de la respuesta"
        placeholder="El texto que recibirá el jugador"
        value={content}
        maxLength={MAX_CONTENT}
        autoSize={{ minRows: 3, maxRows: 8 }}
        onChange={(event) => setContent(event.target.value)}
      />
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>Cancelar</Button>
        <Button type="primary" onClick={save} disabled={!ready} loading={pending}>
          Guardar
        </Button>
      </Flex>
    </Flex>
  );
}

/** Create, edit and delete the desk's canned replies (for those the server lets manage them). */
export function CannedRepliesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const canned = useCannedReplies(open);
  const remove = useDeleteCannedReply();
  // null: no form; 'new': the creation form; otherwise the reply being edited.
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  return (
    <Modal title={CANNED_TITLE} open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden afterClose={() => setEditing(null)}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">El staff las elige al responder en el portal o las envía desde Discord con /respuesta.</Typography.Text>
        <ErrorBanner message={remove.error?.message} onClose={() => remove.reset()} style={{ marginBottom: 0 }} />
        {editing === null ? (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ alignSelf: 'flex-start' }}>
            Nueva respuesta
          </Button>
        ) : (
          <CannedForm key={editing === 'new' ? 'new' : editing.id} reply={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
        {canned.isError ? (
          <QueryErrorAlert queries={canned} />
        ) : (
          <List<CannedReply>
            loading={canned.isPending}
            dataSource={canned.data ?? []}
            locale={{ emptyText: CANNED_EMPTY }}
            renderItem={(reply) => (
              <List.Item
                aria-label={reply.name}
                actions={[
                  <Button key="edit" size="small" icon={<EditOutlined />} aria-label={`Editar ${reply.name}`} onClick={() => setEditing(reply)} />,
                  <Popconfirm key="delete" title={CANNED_DELETE_CONFIRM} okText="Eliminar" cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(reply.id)}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar ${reply.name}`} loading={remove.isPending && remove.variables === reply.id} />
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta title={reply.name} description={<span className="ticket-message-text">{reply.content}</span>} />
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Modal>
  );
}
