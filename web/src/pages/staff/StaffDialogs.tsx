import { useId } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Radio, Typography, type FormRule } from 'antd';
import { HOURS_OPERATIONS } from '../../api/serverConstants.gen';
import { useAdjustHours, useDismissStaff, useSubmitStaffReport } from '../../api/staff';
import type { HoursInput, Moderator } from '../../api/types';
import { todayDay } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { SubmitOutcome } from '../../components/SubmitOutcome';

export const REPORT_SUCCESS = 'Reporte enviado exitosamente';
export const HOURS_MINUTES_RULE = 'Los minutos van de 0 a 59';
export const HOURS_HOURS_RULE = 'Las horas van de 0 a 10 000';
export const HOURS_NUMBER_RULE = 'Escribe un número entero, sin letras ni decimales';
export const HOURS_ZERO_RULE = 'Indica un cambio de al menos 1 minuto: 0 h 0 min no cambia nada';
/** The longest dismissal reason the server takes (it is posted to Discord). */
export const DISMISS_REASON_MAX = 1000;
export const DISMISS_REASON_RULE = 'El motivo puede tener hasta 1000 caracteres.';

/** The whole number a field holds: 0 when empty, null when it is not a whole number. */
export function wholeNumber(value: unknown): number | null {
  const text = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
  if (text === '') return 0;
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** A whole number in [0, max]; an empty field passes (it counts as 0). */
function wholeNumberRule(max: number, message: string): FormRule {
  return {
    validator: (_, value: unknown) => {
      const n = wholeNumber(value);
      if (n === null) return Promise.reject(new Error(HOURS_NUMBER_RULE));
      return n <= max ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

/** Refuses 0 h 0 min once both fields hold whole numbers (their own rules speak otherwise). */
const nonZeroChangeRule: FormRule = ({ getFieldValue }) => ({
  validator: () => {
    const hours = wholeNumber(getFieldValue('hours'));
    const minutes = wholeNumber(getFieldValue('minutes'));
    return hours === 0 && minutes === 0 ? Promise.reject(new Error(HOURS_ZERO_RULE)) : Promise.resolve();
  },
});

/** The line shown when a subtraction met the floor at zero, e.g. "Se restaron solo 1 h 15 min: …". */
export function clampedSubtraction(appliedSeconds: number): string {
  return `Se restaron solo ${formatDuration(appliedSeconds)}: el total no puede ser negativo.`;
}

interface HoursValues {
  operation: HoursInput['operation'];
  hours?: string;
  minutes?: string;
}

function HoursForm({ member, onDone, onCancel }: { member: Moderator; onDone: () => void; onCancel: () => void }) {
  const formName = `hours${useId()}`;
  const adjust = useAdjustHours();
  const submit = (values: HoursValues) => {
    const hours = wholeNumber(values.hours) ?? 0;
    const minutes = wholeNumber(values.minutes) ?? 0;
    const asked = hours * 3600 + minutes * 60;
    adjust.mutate(
      { userId: member.UserId, hours, minutes, operation: values.operation },
      {
        // A subtraction that met the floor stays open, so its warning can be read.
        onSuccess: (answer) => {
          if (answer.applied >= asked) onDone();
        },
      },
    );
  };
  const done = adjust.isSuccess;
  const clamped = adjust.data && adjust.variables && adjust.data.applied < (adjust.variables.hours ?? 0) * 3600 + (adjust.variables.minutes ?? 0) * 60;
  return (
    <Form<HoursValues>
      name={formName}
      layout="vertical"
      initialValues={{ operation: 'add' }}
      onFinish={submit}
      onValuesChange={() => adjust.isError && adjust.reset()}
      disabled={adjust.isPending || done}
    >
      <Typography.Paragraph type="secondary">
        Tiempo total de {member.username}: <strong>{formatDuration(member.TiempoTotal)}</strong>
      </Typography.Paragraph>
      <Form.Item label="Operación" name="operation">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={HOURS_OPERATIONS.map(({ value, label }) => ({ value, label }))}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          label="Horas"
          name="hours"
          dependencies={['minutes']}
          rules={[wholeNumberRule(10_000, HOURS_HOURS_RULE), nonZeroChangeRule]}
          style={{ flex: '1 1 140px' }}
        >
          <Input inputMode="numeric" placeholder="0" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Minutos" name="minutes" rules={[wholeNumberRule(59, HOURS_MINUTES_RULE)]} style={{ flex: '1 1 140px' }}>
          <Input inputMode="numeric" placeholder="0" autoComplete="off" />
        </Form.Item>
      </Flex>
      {adjust.data ? (
        <SubmitOutcome>
          <Alert
            type="success"
            showIcon
            title={`Horas actualizadas. Nuevo total: ${formatDuration(adjust.data.TiempoTotal)}`}
            style={{ marginBottom: 16 }}
          />
        </SubmitOutcome>
      ) : null}
      {adjust.data && clamped ? <Alert type="warning" showIcon title={clampedSubtraction(adjust.data.applied)} style={{ marginBottom: 16 }} /> : null}
      <ErrorBanner message={adjust.error?.message} onClose={() => adjust.reset()} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel} disabled={false}>
          {done ? 'Cerrar' : 'Cancelar'}
        </Button>
        <Button type="primary" htmlType="submit" loading={adjust.isPending}>
          Guardar
        </Button>
      </Flex>
    </Form>
  );
}

/** Adds or subtracts hours and minutes from a staff member's total. */
export function HoursDialog({ open, member, onClose }: { open: boolean; member: Moderator | null; onClose: () => void }) {
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  return (
    <Modal title="Ajustar Horas" open={open && member !== null} onCancel={closeNow} footer={null} destroyOnHidden>
      {member ? <HoursForm member={member} onDone={closeSoon} onCancel={closeNow} /> : null}
    </Modal>
  );
}

function DismissForm({ member, onDone, onCancel }: { member: Moderator; onDone: () => void; onCancel: () => void }) {
  const formName = `dismiss${useId()}`;
  const dismiss = useDismissStaff();
  const submit = ({ reason }: { reason?: string }) => {
    dismiss.mutate({ userId: member.UserId, reason: reason?.trim() ?? '' }, { onSuccess: onDone });
  };
  const done = dismiss.isSuccess;
  return (
    <Form name={formName} layout="vertical" onFinish={submit} onValuesChange={() => dismiss.isError && dismiss.reset()} disabled={dismiss.isPending || done}>
      <Typography.Paragraph>
        Vas a dar de baja a <strong>{member.username}</strong>. Su turno abierto, si lo tiene, termina ahora y pierde sus roles de staff en el
        portal y en Discord.
      </Typography.Paragraph>
      <Form.Item label="Motivo" name="reason" rules={[{ max: DISMISS_REASON_MAX, message: DISMISS_REASON_RULE }]}>
        <Input.TextArea rows={3} maxLength={DISMISS_REASON_MAX} showCount placeholder="Opcional: explica el motivo de la baja" />
      </Form.Item>
      {done ? (
        <SubmitOutcome>
          <Alert type="success" showIcon title={`Baja aplicada: ${member.username} ya no forma parte del staff.`} style={{ marginBottom: 16 }} />
        </SubmitOutcome>
      ) : null}
      <ErrorBanner message={dismiss.error?.message} onClose={() => dismiss.reset()} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel} disabled={false}>
          {done ? 'Cerrar' : 'Cancelar'}
        </Button>
        <Button type="primary" danger htmlType="submit" loading={dismiss.isPending}>
          Dar de baja
        </Button>
      </Flex>
    </Form>
  );
}

/** Takes a member off the staff, with a free-text reason. */
export function DismissDialog({
  open,
  member,
  onClose,
  onDismissed,
}: {
  open: boolean;
  member: Moderator | null;
  onClose: () => void;
  onDismissed: (member: Moderator) => void;
}) {
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  return (
    <Modal title="Dar de Baja" open={open && member !== null} onCancel={closeNow} footer={null} destroyOnHidden>
      {member ? (
        <DismissForm
          member={member}
          onDone={() => {
            onDismissed(member);
            closeSoon();
          }}
          onCancel={closeNow}
        />
      ) : null}
    </Modal>
  );
}

interface ReportValues {
  date: string;
  content: string;
}

function ReportForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const formName = `report${useId()}`;
  const send = useSubmitStaffReport();
  const submit = (values: ReportValues) => {
    send.mutate({ date: values.date, content: values.content.trim() }, { onSuccess: onDone });
  };
  const done = send.isSuccess;
  return (
    <Form<ReportValues>
      name={formName}
      layout="vertical"
      initialValues={{ date: todayDay(), content: '' }}
      onFinish={submit}
      onValuesChange={() => send.isError && send.reset()}
      disabled={send.isPending || done}
    >
      <Form.Item label="Fecha" name="date" rules={[{ required: true, message: 'La fecha es obligatoria' }]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item label="Contenido" name="content" rules={[{ required: true, whitespace: true, message: 'Escribe el contenido del reporte' }]}>
        <Input.TextArea rows={6} maxLength={4000} showCount placeholder="¿Qué hiciste en tu jornada? Tickets, sanciones, eventos, incidencias…" />
      </Form.Item>
      {done ? (
        <SubmitOutcome>
          <Alert type="success" showIcon title={REPORT_SUCCESS} style={{ marginBottom: 16 }} />
        </SubmitOutcome>
      ) : null}
      <ErrorBanner message={send.error?.message} onClose={() => send.reset()} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel} disabled={false}>
          {done ? 'Cerrar' : 'Cancelar'}
        </Button>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          {send.isPending ? 'Enviando...' : 'Enviar Reporte'}
        </Button>
      </Flex>
    </Form>
  );
}

/** The shift report of Moderador and Soporte Técnico; it is posted to the staff reports channel. */
export function ReportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  return (
    <Modal title="Crear Reporte de Jornada" open={open} onCancel={closeNow} footer={null} destroyOnHidden>
      <ReportForm onDone={closeSoon} onCancel={closeNow} />
    </Modal>
  );
}
