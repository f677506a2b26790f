import { useId } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useCreateMutation } from '../../api/idempotency';
import { ARTIST_SUCCESS, submitArtistApplication } from '../../api/publicForms';
import type { ArtistApplicationInput } from '../../api/types';
import { ErrorBanner } from '../ErrorBanner';
import { PHONE_RULE } from './rules';
import { SubmitOutcome } from '../SubmitOutcome';

interface ArtistFormValues {
  email: string;
  phone: string;
  acceptedTerms: boolean;
}

export function ArtistApplicationForm({ onSent }: { onSent?: () => void }) {
  const formName = `artist${useId()}`;
  const [form] = Form.useForm<ArtistFormValues>();
  const accepted = Form.useWatch('acceptedTerms', form) === true;
  const send = useCreateMutation({
    mutationFn: (input: ArtistApplicationInput, idempotencyKey) => submitArtistApplication(input, idempotencyKey),
    onSuccess: () => {
      form.resetFields();
      onSent?.();
    },
  });

  const submit = (values: ArtistFormValues) => {
    send.mutate({ email: values.email.trim(), phone: values.phone.trim(), acceptedTerms: values.acceptedTerms });
  };

  return (
    <Form form={form} name={formName} layout="vertical" onFinish={submit} onValuesChange={() => send.isError && send.reset()} disabled={send.isPending}>
      <Form.Item
        label="Gmail"
        name="email"
        rules={[
          { required: true, message: 'Escribe tu correo de Gmail' },
          { type: 'email', message: 'Escribe un correo electrónico válido' },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder="tucorreo@gmail.com" maxLength={254} />
      </Form.Item>
      <Form.Item label="Teléfono" name="phone" rules={[{ required: true, whitespace: true, message: 'Escribe tu teléfono' }, PHONE_RULE]}>
        <Input type="tel" autoComplete="tel" maxLength={30} />
      </Form.Item>
      <Form.Item
        name="acceptedTerms"
        valuePropName="checked"
        rules={[{ validator: (_rule, value) => (value === true ? Promise.resolve() : Promise.reject(new Error('Debes aceptar los términos'))) }]}
      >
        <Checkbox>
          Acepto que mis datos se almacenen de forma temporal para revisar mi aplicación y que se conserven si resulto
          seleccionado(a). Consulta la{' '}
          <Link to="/privacy-policy" target="_blank" rel="noopener">
            Política de Privacidad
          </Link>
          .
        </Checkbox>
      </Form.Item>
      {send.isSuccess ? (
        <SubmitOutcome>
          <Alert type="success" showIcon title={ARTIST_SUCCESS} style={{ marginBottom: 16 }} />
        </SubmitOutcome>
      ) : null}
      <ErrorBanner message={send.error?.message} onClose={() => send.reset()} />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending} disabled={!accepted || send.isPending} block>
        {send.isPending ? 'Enviando...' : 'Enviar Aplicación'}
      </Button>
    </Form>
  );
}
