import { useState, type ReactNode } from 'react';
import { App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { CORRECTION_REASON_MAX, useExpungeCharge, useVoidCharge } from '../../api/records';
import type { Charge, CriminalRecord } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';

export const VOID_REASON_REQUIRED = 'Escribe el motivo de la anulación';
export const EXPUNGE_REASON_REQUIRED = 'Escribe el motivo de la eliminación';
export const EXPUNGE_WARNING =
  'El cargo desaparecerá del expediente, del PDF y del juego. Solo quedará en el registro de auditoría, con este motivo. No se puede deshacer.';

type Correction = { kind: 'void' | 'expunge'; charge: Charge } | null;

/** One dialog for both corrections: a required reason, then the server's answer or refusal. */
function CorrectionDialog({ correction, onClose }: { correction: Correction; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const voidCharge = useVoidCharge();
  const expungeCharge = useExpungeCharge();
  const expunging = correction?.kind === 'expunge';
  const mutation = expunging ? expungeCharge : voidCharge;
  const title = expunging ? 'Eliminar cargo' : 'Anular cargo';

  const close = () => {
    voidCharge.reset();
    expungeCharge.reset();
    onClose();
  };
  const submit = ({ reason }: { reason: string }) => {
    if (!correction) return;
    mutation.mutate(
      { id: correction.charge._id, reason },
      {
        onSuccess: (answer) => {
          void message.success(answer.message);
          close();
        },
      },
    );
  };

  return (
    <Modal
      title={title}
      open={correction !== null}
      onCancel={close}
      onOk={() => form.submit()}
      okText={expunging ? 'Eliminar definitivamente' : 'Anular cargo'}
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      {correction ? (
        <Typography.Paragraph type="secondary">
          Cargo #{correction.charge._id}: «{correction.charge.description}».{' '}
          {expunging ? EXPUNGE_WARNING : 'Seguirá en el expediente y en el PDF, marcado como anulado con este motivo, y dejará de verse en el juego.'}
        </Typography.Paragraph>
      ) : null}
      <ErrorBanner message={mutation.error?.message} onClose={() => mutation.reset()} />
      <Form form={form} layout="vertical" onFinish={submit} disabled={mutation.isPending} clearOnDestroy>
        <Form.Item
          label="Motivo"
          name="reason"
          rules={[{ required: true, whitespace: true, message: expunging ? EXPUNGE_REASON_REQUIRED : VOID_REASON_REQUIRED }]}
        >
          <Input.TextArea rows={3} maxLength={CORRECTION_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * What the reader may do with each charge of a record, as the server says (`mayVoid`,
 * `mayExpunge`), and the dialog those buttons open. `actions` is undefined when the reader
 * may do nothing, so the table shows no column for it.
 */
export function useChargeCorrections(record: CriminalRecord): { actions?: (charge: Charge) => ReactNode; dialog: ReactNode } {
  const [correction, setCorrection] = useState<Correction>(null);
  const dialog = <CorrectionDialog correction={correction} onClose={() => setCorrection(null)} />;
  if (!record.mayVoid && !record.mayExpunge) return { dialog };
  const actions = (charge: Charge) => (
    <Flex gap={4} wrap>
      {record.mayVoid && !charge.voided ? (
        <Button size="small" icon={<StopOutlined />} onClick={() => setCorrection({ kind: 'void', charge })} aria-label={`Anular cargo #${charge._id}`}>
          Anular
        </Button>
      ) : null}
      {record.mayExpunge ? (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => setCorrection({ kind: 'expunge', charge })}
          aria-label={`Eliminar cargo #${charge._id}`}
        >
          Eliminar
        </Button>
      ) : null}
    </Flex>
  );
  return { actions, dialog };
}
