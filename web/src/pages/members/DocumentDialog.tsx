import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, Modal, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCreateDocument, type DocumentRequest } from '../../api/documents';
import { MEXICAN_STATES, PASSPORT_COUNTRIES } from '../../api/serverConstants.gen';
import type { DocumentKind } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { DOCUMENT_NAMES } from '../../components/identity/DocumentCard';
import { ageOn } from '../../components/dates';
import '../../components/dayjsLocale';

export const BIRTH_DATE_REQUIRED = 'La fecha de nacimiento es obligatoria';
export const ROBLOX_NAME_MESSAGE = 'El nombre de Roblox debe tener de 3 a 20 letras, números o guion bajo.';
export const BIRTH_DATE_FORMAT = 'DD/MM/YYYY';

interface DocumentFormValues {
  RobloxName: string;
  Nombre: string;
  Apellido: string;
  Estado?: string;
  Municipio?: string;
  Pais?: string;
  FechaNacimiento: Dayjs | null;
}

const OK_TEXT: Record<DocumentKind, string> = { INE: 'Crear INE', PASAPORTE: 'Crear Pasaporte' };
const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const STATE_OPTIONS = toOptions(MEXICAN_STATES);
const COUNTRY_OPTIONS = toOptions(PASSPORT_COUNTRIES);

/** The age a birth date gives today, or null without a date. */
export function ageFrom(birth: Dayjs | null | undefined, today: Date = new Date()): number | null {
  if (!birth) return null;
  return ageOn({ year: birth.year(), month: birth.month() + 1, day: birth.date() }, today);
}

/** Birth dates are before today (the server refuses today and later) and from 1900 on. */
export function outsideBirthRange(current: Dayjs): boolean {
  return !current.isBefore(dayjs().startOf('day')) || current.year() < 1900;
}

const required = (message: string) => ({ required: true, whitespace: true, message });

function toRequest(kind: DocumentKind, values: DocumentFormValues): DocumentRequest {
  const common = {
    RobloxName: values.RobloxName.trim(),
    Nombre: values.Nombre.trim(),
    Apellido: values.Apellido.trim(),
    FechaNacimiento: values.FechaNacimiento?.format(BIRTH_DATE_FORMAT) ?? '',
  };
  if (kind === 'INE') {
    return { kind, input: { ...common, Estado: values.Estado ?? '', Municipio: (values.Municipio ?? '').trim() } };
  }
  return { kind, input: { ...common, Pais: values.Pais ?? '' } };
}

interface DocumentDialogProps {
  kind: DocumentKind;
  open: boolean;
  onClose: () => void;
  /** Called with the server's message once the document is issued. */
  onCreated: (message: string) => void;
}

/** The form of a national ID or a passport, in a dialog. */
export function DocumentDialog({ kind, open, onClose, onCreated }: DocumentDialogProps) {
  const [form] = Form.useForm<DocumentFormValues>();
  const create = useCreateDocument();
  const birth = Form.useWatch('FechaNacimiento', form);
  const age = ageFrom(birth);
  const { reset } = create;
  const ageId = `documento-${kind.toLowerCase()}-edad`;

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const submit = (values: DocumentFormValues) => {
    create.mutate(toRequest(kind, values), {
      onSuccess: (created) => {
        onCreated(created.message);
        onClose();
      },
    });
  };

  return (
    <Modal
      title={DOCUMENT_NAMES[kind]}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={OK_TEXT[kind]}
      cancelText="Cancelar"
      confirmLoading={create.isPending}
      // Once the document is issued the page moves focus to it: the opening button would hide it.
      focusTriggerAfterClose={!create.isSuccess}
      destroyOnHidden
      width={600}
    >
      <Form form={form} name={`documento-${kind.toLowerCase()}`} layout="vertical" onFinish={submit} clearOnDestroy disabled={create.isPending} validateTrigger={['onBlur', 'onChange']}>
        <Form.Item
          label="Nombre de Roblox"
          name="RobloxName"
          validateFirst
          rules={[required('El nombre de Roblox es obligatorio'), { pattern: /^\s*[A-Za-z0-9_]{3,20}\s*$/, message: ROBLOX_NAME_MESSAGE }]}
        >
          <Input maxLength={20} autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Nombre" name="Nombre" rules={[required('El nombre es obligatorio')]}>
              <Input maxLength={60} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Apellido" name="Apellido" rules={[required('El apellido es obligatorio')]}>
              <Input maxLength={60} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'INE' ? (
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item label="Estado" name="Estado" rules={[{ required: true, message: 'El estado es obligatorio' }]}>
                <Select options={STATE_OPTIONS} showSearch={{ optionFilterProp: 'label' }} placeholder="Elige un estado" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Municipio" name="Municipio" rules={[required('El municipio es obligatorio')]}>
                <Input maxLength={80} autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Form.Item label="País" name="Pais" rules={[{ required: true, message: 'El país es obligatorio' }]}>
            <Select options={COUNTRY_OPTIONS} showSearch={{ optionFilterProp: 'label' }} placeholder="Elige un país" />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Fecha de Nacimiento" name="FechaNacimiento" rules={[{ required: true, message: BIRTH_DATE_REQUIRED }]}>
              <DatePicker
                format={BIRTH_DATE_FORMAT}
                placeholder="dd/mm/aaaa"
                disabledDate={outsideBirthRange}
                defaultPickerValue={dayjs().subtract(20, 'year')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Edad" htmlFor={ageId}>
              <Input id={ageId} readOnly variant="filled" value={age === null ? '' : `${age} ${age === 1 ? 'año' : 'años'}`} placeholder="Según la fecha de nacimiento" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <ErrorBanner message={create.error?.message ?? null} onClose={reset} style={{ marginBottom: 0 }} />
    </Modal>
  );
}
