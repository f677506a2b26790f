import { useId } from 'react';
import { Alert, Button, Checkbox, Form, Input, Radio } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { optionsOf } from '../../api/labels';
import { useFileDataRequest, type DataRequestKind } from '../../api/personalData';
import { DATA_REQUEST_KINDS, DATA_REQUEST_REASON, DATA_USES } from '../../api/serverConstants.gen';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SubmitOutcome } from '../../components/SubmitOutcome';

export const FILE_REQUEST_BUTTON = 'Presentar solicitud';
export const REQUEST_FILED_TEXT = 'Solicitud presentada. Te responderemos dentro del plazo que ves en la lista.';
export const KIND_FIELD_LABEL = 'Tipo de solicitud';
export const REASON_FIELD_LABEL = 'Motivo';
export const USES_FIELD_LABEL = 'Usos a los que te opones';

interface DataRequestValues {
  kind: DataRequestKind;
  reason: string;
  uses?: string[];
}

const { min: REASON_MIN, max: REASON_MAX } = DATA_REQUEST_REASON;

/** A reason of REASON_MIN to REASON_MAX characters, spaces at either end not counted. */
const reasonRules = [
  { required: true, whitespace: true, message: 'Explica tu solicitud' },
  {
    validator: (_: unknown, value: string | undefined) =>
      !value?.trim() || value.trim().length >= REASON_MIN ? Promise.resolve() : Promise.reject(new Error(`Escribe al menos ${REASON_MIN} caracteres`)),
  },
];

/**
 * "Presentar una solicitud": rectification, cancellation, opposition (of the uses chosen) or
 * revocation, with the reason. The server answers with the deadline; one pending request of
 * each kind (409 otherwise, with its words).
 */
export function DataRequestForm({ opposed = [] }: { opposed?: readonly string[] }) {
  const formName = `data-request${useId()}`;
  const [form] = Form.useForm<DataRequestValues>();
  const kind = Form.useWatch('kind', form);
  const file = useFileDataRequest();

  const submit = (values: DataRequestValues) => {
    file.mutate(
      { kind: values.kind, reason: values.reason.trim(), ...(values.kind === 'oposicion' ? { uses: values.uses ?? [] } : {}) },
      { onSuccess: () => form.resetFields() },
    );
  };

  // A use already opposed is off: it cannot be opposed again.
  const useOptions = optionsOf(DATA_USES).map((option) => ({ ...option, disabled: opposed.includes(option.value) }));

  return (
    <Form
      form={form}
      name={formName}
      layout="vertical"
      onFinish={submit}
      onValuesChange={() => (file.isError || file.isSuccess) && file.reset()}
      disabled={file.isPending}
      requiredMark={false}
    >
      <Form.Item label={KIND_FIELD_LABEL} name="kind" rules={[{ required: true, message: 'Elige el tipo de solicitud' }]}>
        <Radio.Group options={optionsOf(DATA_REQUEST_KINDS)} style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }} />
      </Form.Item>
      {kind === 'oposicion' ? (
        <Form.Item
          label={USES_FIELD_LABEL}
          name="uses"
          rules={[{ required: true, type: 'array', min: 1, message: 'Elige al menos un uso' }]}
        >
          <Checkbox.Group options={useOptions} style={{ display: 'flex', flexDirection: 'column', gap: 8 }} />
        </Form.Item>
      ) : null}
      <Form.Item label={REASON_FIELD_LABEL} name="reason" rules={reasonRules} extra={`Entre ${REASON_MIN} y ${REASON_MAX} caracteres.`}>
        <Input.TextArea rows={4} maxLength={REASON_MAX} showCount />
      </Form.Item>
      {file.isSuccess ? (
        <SubmitOutcome key={file.data.id}>
          <Alert type="success" showIcon title={REQUEST_FILED_TEXT} style={{ marginBottom: 16 }} />
        </SubmitOutcome>
      ) : null}
      <ErrorBanner message={file.error?.message} onClose={() => file.reset()} />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={file.isPending} disabled={file.isPending}>
        {FILE_REQUEST_BUTTON}
      </Button>
    </Form>
  );
}
