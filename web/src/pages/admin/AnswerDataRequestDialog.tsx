import { useId } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { listOf } from '../../api/labels';
import type { DataRequestKind } from '../../api/personalData';
import { DATA_REQUEST_REASON } from '../../api/serverConstants.gen';
import { dataRequestKindLabel, dataUseLabels } from '../../components/dataRequests';
import { ErrorBanner } from '../../components/ErrorBanner';

/** The request being answered, and how. */
export interface AnswerTarget {
  id: number;
  name: string;
  kind: DataRequestKind;
  uses: string[];
  approve: boolean;
}

export const ANSWER_FIELD_LABEL = 'Respuesta para el miembro';
export const CANCELLATION_WARNING =
  'Si apruebas una cancelación, los datos de esta persona quedan bloqueados desde ahora (el portal deja de usarlos) y se suprimen al terminar el plazo de bloqueo, salvo lo que la ley obliga a conservar.';

const { min: ANSWER_MIN, max: ANSWER_MAX } = DATA_REQUEST_REASON;

interface AnswerDataRequestDialogProps {
  open: boolean;
  target: AnswerTarget | null;
  sending: boolean;
  /** The server's refusal (a request someone else answered first: 409), in its words. */
  error: string | undefined;
  onDismissError: () => void;
  onSend: (answer: string) => void;
  onClose: () => void;
}

/**
 * Approves or refuses one pending request with the answer the member reads (by DM and on "Mis
 * datos"). It says what approving a cancellation or an opposition does before it is done.
 */
export function AnswerDataRequestDialog({ open, target, sending, error, onDismissError, onSend, onClose }: AnswerDataRequestDialogProps) {
  const formName = `answer-data-request${useId()}`;
  const approve = target?.approve ?? true;
  const verb = approve ? 'Aprobar' : 'Rechazar';

  return (
    <Modal
      open={open}
      title={target ? `${verb} la solicitud de ${target.name}` : verb}
      okText={verb}
      okButtonProps={{ danger: !approve, htmlType: 'submit', form: formName, disabled: sending }}
      confirmLoading={sending}
      cancelText="Cancelar"
      onCancel={() => {
        if (!sending) onClose();
      }}
      mask={{ closable: !sending }}
      destroyOnHidden
      afterClose={() => onDismissError()}
    >
      {target ? (
        <Typography.Paragraph>
          {dataRequestKindLabel(target.kind)}
          {target.uses.length > 0 ? `: ${listOf(dataUseLabels(target.uses))}` : null}
        </Typography.Paragraph>
      ) : null}
      {target?.kind === 'cancelacion' ? <Alert type="warning" showIcon title={CANCELLATION_WARNING} style={{ marginBottom: 16 }} /> : null}
      {target?.kind === 'oposicion' && approve ? (
        <Alert type="info" showIcon title="Al aprobarla, el portal deja de usar sus datos para esos usos." style={{ marginBottom: 16 }} />
      ) : null}
      <Form<{ answer: string }>
        name={formName}
        layout="vertical"
        requiredMark={false}
        disabled={sending}
        onFinish={(values) => onSend(values.answer.trim())}
        onValuesChange={() => error && onDismissError()}
      >
        <Form.Item
          label={ANSWER_FIELD_LABEL}
          name="answer"
          extra={`Entre ${ANSWER_MIN} y ${ANSWER_MAX} caracteres. El miembro la recibe y la ve en «Mis datos».`}
          rules={[
            { required: true, whitespace: true, message: 'Escribe la respuesta' },
            {
              validator: (_: unknown, value: string | undefined) =>
                !value?.trim() || value.trim().length >= ANSWER_MIN ? Promise.resolve() : Promise.reject(new Error(`Escribe al menos ${ANSWER_MIN} caracteres`)),
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={ANSWER_MAX} showCount />
        </Form.Item>
      </Form>
      <ErrorBanner message={error} onClose={onDismissError} style={{ marginBottom: 0 }} />
    </Modal>
  );
}
