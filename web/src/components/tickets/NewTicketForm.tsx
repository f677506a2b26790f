import { useState, type ReactNode } from 'react';
import { Button, Flex, Form, Input, Select } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useCreateTicket } from '../../api/tickets';
import type { Ticket, TicketCategory } from '../../api/types';
import { ErrorBanner } from '../ErrorBanner';
import { AttachmentPicker } from './AttachmentPicker';
import { CATEGORY_LABELS, TICKET_CATEGORIES } from './ticketLabels';

export const TITLE_REQUIRED = 'Por favor, ingresa un título para el ticket';

export interface TicketDraft {
  title?: string;
  category?: TicketCategory;
  message?: string;
}

interface NewTicketValues {
  title: string;
  category: TicketCategory;
  message?: string;
}

interface NewTicketFormProps {
  draft?: TicketDraft;
  onCreated: (ticket: Ticket) => void;
  /** Shown beside the submit button, e.g. a link to the user's tickets. */
  extra?: ReactNode;
}

/** Step 1 of the ticket dialog: 'Nuevo Ticket de Soporte'. */
export function NewTicketForm({ draft, onCreated, extra }: NewTicketFormProps) {
  const [form] = Form.useForm<NewTicketValues>();
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);

  const submit = (values: NewTicketValues) => {
    create.mutate(
      { title: values.title.trim(), category: values.category, message: values.message?.trim() ?? '', attachments: files },
      { onSuccess: onCreated },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ title: draft?.title ?? '', category: draft?.category ?? 'Soporte Tecnico', message: draft?.message ?? '' }}
      onFinish={submit}
      disabled={create.isPending}
    >
      <ErrorBanner message={create.error?.message} onClose={() => create.reset()} />
      <Form.Item label="Título" name="title" rules={[{ required: true, whitespace: true, message: TITLE_REQUIRED }]}>
        <Input maxLength={200} placeholder="Describe brevemente tu problema" />
      </Form.Item>
      <Form.Item label="Categoría" name="category">
        <Select options={TICKET_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))} />
      </Form.Item>
      <Form.Item label="Mensaje" name="message">
        <Input.TextArea rows={4} maxLength={4000} showCount placeholder="Cuéntanos con detalle qué ocurre" />
      </Form.Item>
      <Form.Item label="Adjuntos">
        <AttachmentPicker value={files} onChange={setFiles} disabled={create.isPending} />
      </Form.Item>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div>{extra}</div>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={create.isPending}>
          Crear Ticket
        </Button>
      </Flex>
    </Form>
  );
}
