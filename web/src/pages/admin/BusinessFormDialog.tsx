import { useState } from 'react';
import { Alert, Button, Col, Flex, Form, Input, Modal, Row, Select } from 'antd';
import { useRegisterBusiness, useUpdateBusiness } from '../../api/sat';
import { useConfig } from '../../api/queries';
import { RFC_PATTERN_SOURCE } from '../../api/serverConstants.gen';
import type { Business, BusinessEdit, BusinessInput } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { megabytes } from '../../components/fileType';
import { useFormDialog } from '../../components/useFormDialog';
import { BusinessFilePicker } from './BusinessFilePicker';
import { DOCUMENT_RULES, LOGO_RULES } from './businessFiles';

export const BUSINESS_REGISTERED = 'Negocio registrado exitosamente';
export const BUSINESS_UPDATED = 'Negocio actualizado exitosamente';
export const CONFIDENTIAL_NOTE = 'El RFC y el dueño son confidenciales: solo quien tiene el rol de diputado los ve y los cambia; se conservan como están.';

export const FIELD_MESSAGES = {
  name: 'El nombre del negocio es obligatorio',
  location: 'La ubicación es obligatoria',
  server: 'Elige uno de los servidores',
  rfc: 'El RFC es obligatorio',
  rfcShape: 'El RFC lleva 3 o 4 letras, la fecha AAMMDD y 3 caracteres de homoclave (por ejemplo, ABC240101XY1)',
  ownerName: 'El nombre del dueño es obligatorio',
  ownerDiscordId: 'El ID de Discord del dueño es obligatorio',
  ownerDiscordIdShape: 'El ID de Discord tiene de 17 a 20 dígitos',
};

const RFC_SHAPE = new RegExp(RFC_PATTERN_SOURCE, 'u');
const SNOWFLAKE = /^\d{17,20}$/;

type BusinessFormValues = BusinessInput;

function initialValues(business: Business | null): Partial<BusinessFormValues> {
  if (!business) return { name: '', location: '', server: undefined, rfc: '', ownerName: '', ownerDiscordId: '' };
  return {
    name: business.name,
    location: business.location,
    server: business.server,
    rfc: business.rfc ?? '',
    ownerName: business.owner?.name ?? '',
    ownerDiscordId: business.owner?.discordId ?? '',
  };
}

function trimmed(values: BusinessFormValues): BusinessInput {
  return {
    name: values.name.trim(),
    location: values.location.trim(),
    server: values.server,
    rfc: values.rfc.trim().toUpperCase(),
    ownerName: values.ownerName.trim(),
    ownerDiscordId: values.ownerDiscordId.trim(),
  };
}

/** The fields an admin without DIPUTADO may change; the server keeps the rest as stored. */
function publicFields({ name, location, server }: BusinessInput): BusinessEdit {
  return { name: name.trim(), location: location.trim(), server };
}

interface BusinessFormProps {
  business: Business | null;
  onSaved: () => void;
  onCancel: () => void;
  locked: boolean;
}

function BusinessForm({ business, onSaved, onCancel, locked }: BusinessFormProps) {
  const [form] = Form.useForm<BusinessFormValues>();
  const config = useConfig();
  const register = useRegisterBusiness();
  const update = useUpdateBusiness();
  const [documents, setDocuments] = useState<File[]>([]);
  const [logo, setLogo] = useState<File[]>([]);
  const [saved, setSaved] = useState(false);
  const editing = business !== null;
  const save = editing ? update : register;
  const busy = save.isPending || locked;
  const hidesConfidential = editing && business.rfc === undefined && business.owner === undefined;

  const submit = (values: BusinessFormValues) => {
    // Without the confidential fields on screen the form has no RFC or owner to trim.
    const input = hidesConfidential ? { ...values, rfc: '', ownerName: '', ownerDiscordId: '' } : trimmed(values);
    const done = {
      onSuccess: () => {
        setSaved(true);
        onSaved();
      },
    };
    if (business) update.mutate({ id: business.id, input: hidesConfidential ? publicFields(input) : input }, done);
    else register.mutate({ ...input, documents, logo: logo[0] ?? null }, done);
  };

  const servers = (config.data?.servers ?? []).map((server) => ({ value: server.name, label: server.name }));

  return (
    <Form<BusinessFormValues>
      form={form}
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues(business)}
      onFinish={submit}
      disabled={busy}
      className="business-form"
    >
      {saved ? <Alert type="success" showIcon title={editing ? BUSINESS_UPDATED : BUSINESS_REGISTERED} style={{ marginBottom: 16 }} /> : null}
      {hidesConfidential ? <Alert type="info" showIcon title={CONFIDENTIAL_NOTE} style={{ marginBottom: 16 }} /> : null}
      <ErrorBanner message={save.error?.message} onClose={() => save.reset()} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Nombre del negocio" name="name" rules={[{ required: true, whitespace: true, message: FIELD_MESSAGES.name }]}>
            <Input maxLength={100} placeholder="Ej. Tacos El Halcón" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Servidor" name="server" rules={[{ required: true, message: FIELD_MESSAGES.server }]}>
            <Select placeholder="Elige el servidor" options={servers} loading={config.isPending} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="Ubicación" name="location" rules={[{ required: true, whitespace: true, message: FIELD_MESSAGES.location }]}>
            <Input maxLength={200} placeholder="Ej. Av. Juárez 120, Centro" />
          </Form.Item>
        </Col>
        {hidesConfidential ? null : (
          <>
            <Col xs={24} sm={12}>
              <Form.Item
                label="RFC"
                name="rfc"
                normalize={(value: string) => value.toUpperCase()}
                rules={[
                  { required: true, whitespace: true, message: FIELD_MESSAGES.rfc },
                  {
                    validator: (_rule, value: unknown) =>
                      typeof value !== 'string' || value.trim() === '' || RFC_SHAPE.test(value.trim())
                        ? Promise.resolve()
                        : Promise.reject(new Error(FIELD_MESSAGES.rfcShape)),
                  },
                ]}
              >
                <Input maxLength={13} placeholder="Ej. ABC240101XY1" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Nombre del dueño" name="ownerName" rules={[{ required: true, whitespace: true, message: FIELD_MESSAGES.ownerName }]}>
                <Input maxLength={100} placeholder="Nombre y apellido" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label="ID de Discord del dueño"
                name="ownerDiscordId"
                rules={[
                  { required: true, whitespace: true, message: FIELD_MESSAGES.ownerDiscordId },
                  {
                    validator: (_rule, value: unknown) =>
                      typeof value !== 'string' || value.trim() === '' || SNOWFLAKE.test(value.trim())
                        ? Promise.resolve()
                        : Promise.reject(new Error(FIELD_MESSAGES.ownerDiscordIdShape)),
                  },
                ]}
              >
                <Input inputMode="numeric" maxLength={24} placeholder="Ej. 1400000000000000101" autoComplete="off" />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      {editing ? null : (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Documentos">
              <BusinessFilePicker
                variant="documents"
                value={documents}
                onChange={setDocuments}
                rules={DOCUMENT_RULES}
                label="Adjuntar documentos"
                hint={`Hasta ${DOCUMENT_RULES.maxFiles} archivos PDF, PNG, JPG o JPEG de ${megabytes(DOCUMENT_RULES.maxBytes)} MB cada uno.`}
                disabled={busy}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Logo">
              <BusinessFilePicker
                variant="logo"
                value={logo}
                onChange={setLogo}
                rules={LOGO_RULES}
                label="Elegir logo"
                hint={`Opcional: una imagen PNG, JPG o GIF de hasta ${megabytes(LOGO_RULES.maxBytes)} MB.`}
                disabled={busy}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Flex justify="flex-end" gap={8} wrap>
        <Button onClick={onCancel} disabled={false}>
          Cancelar
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {editing ? 'Guardar Cambios' : 'Registrar Negocio'}
        </Button>
      </Flex>
    </Form>
  );
}

interface BusinessFormDialogProps {
  open: boolean;
  /** The business being edited, or null to register one. */
  business: Business | null;
  onClose: () => void;
}

/** 'Registrar Nuevo Negocio' or 'Editar Negocio'; closes 2 seconds after a successful save. */
export function BusinessFormDialog({ open, business, onClose }: BusinessFormDialogProps) {
  const { formKey, closing, dismiss, saved } = useFormDialog(open, onClose);
  return (
    <Modal
      title={business ? 'Editar Negocio' : 'Registrar Nuevo Negocio'}
      open={open}
      onCancel={dismiss}
      footer={null}
      destroyOnHidden
      width={720}
    >
      <BusinessForm
        key={`${formKey}-${business?.id ?? 'new'}`}
        business={business}
        locked={closing}
        onCancel={dismiss}
        onSaved={saved}
      />
    </Modal>
  );
}
