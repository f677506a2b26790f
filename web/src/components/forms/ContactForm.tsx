import { useId } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useCreateMutation } from '../../api/idempotency';
import { CONTACT_SUCCESS, sendContactMessage } from '../../api/publicForms';
import type { ContactInput } from '../../api/types';
import { ErrorBanner } from '../ErrorBanner';
import { PHONE_RULE } from './rules';
import { SubmitOutcome } from '../SubmitOutcome';

interface ContactFormValues {
  name: string;
  subject?: string;
  message: string;
  phone?: string;
  email: string;
}

interface ContactFormProps {
  /** The navigation dialog asks for a subject; the /contact page does not. */
  subjectRequired: boolean;
  /** Runs after the message was sent. */
  onSent?: () => void;
}

export function ContactForm({ subjectRequired, onSent }: ContactFormProps) {
  const formName = `contact${useId()}`;
  const [form] = Form.useForm<ContactFormValues>();
  const send = useCreateMutation({
    mutationFn: (input: ContactInput, idempotencyKey) => sendContactMessage(input, idempotencyKey),
    onSuccess: () => {
      form.resetFields();
      onSent?.();
    },
  });

  const submit = (values: ContactFormValues) => {
    send.mutate({
      name: values.name.trim(),
      subject: values.subject?.trim() ?? '',
      message: values.message.trim(),
      phone: values.phone?.trim() ?? '',
      email: values.email.trim(),
    });
  };

  return (
    <Form form={form} name={formName} layout="vertical" onFinish={submit} onValuesChange={() => send.isError && send.reset()} requiredMark="optional" disabled={send.isPending}>
      <Form.Item label="Nombre" name="name" rules={[{ required: true, whitespace: true, message: 'Escribe tu nombre' }]}>
        <Input autoComplete="name" maxLength={100} />
      </Form.Item>
      <Form.Item
        label="Asunto"
        name="subject"
        rules={[{ required: subjectRequired, whitespace: true, message: 'Escribe el asunto' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Mensaje" name="message" rules={[{ required: true, whitespace: true, message: 'Escribe tu mensaje' }]}>
        <Input.TextArea rows={4} maxLength={5000} />
      </Form.Item>
      <Form.Item label="Teléfono" name="phone" rules={[PHONE_RULE]}>
        <Input type="tel" autoComplete="tel" maxLength={30} />
      </Form.Item>
      <Form.Item
        label="Correo electrónico"
        name="email"
        rules={[
          { required: true, message: 'Escribe tu correo electrónico' },
          { type: 'email', message: 'Escribe un correo electrónico válido' },
        ]}
      >
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      {send.isSuccess ? (
        <SubmitOutcome>
          <Alert type="success" showIcon title={CONTACT_SUCCESS} style={{ marginBottom: 16 }} />
        </SubmitOutcome>
      ) : null}
      <ErrorBanner message={send.error?.message} onClose={() => send.reset()} />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending} disabled={send.isPending} block>
        {send.isPending ? 'Enviando...' : 'Enviar Mensaje'}
      </Button>
    </Form>
  );
}
