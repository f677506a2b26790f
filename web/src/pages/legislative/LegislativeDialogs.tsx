import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, Radio, Switch, Typography } from 'antd';
import { useConfigureVoting, useCreateAgendaItem, useCreateInitiative, useVote } from '../../api/legislative';
import type { Initiative, LegislativeBody, VoteType } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { fromCommunityDateTimeLocal } from '../../components/dates';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { bodyLabel, defaultVotingEnd, toDateTimeLocal, todayISODate, VOTE_TYPES, voteLabel } from './legislativeFormat';

export const INITIATIVE_CREATED = 'Iniciativa creada exitosamente';
export const AGENDA_ITEM_CREATED = 'Punto de agenda creado exitosamente';
export const VOTE_REGISTERED = 'Voto registrado exitosamente';
export const VOTING_ENABLED = 'Votación habilitada exitosamente';
export const VOTING_DISABLED = 'Votación deshabilitada exitosamente';
export const END_DATE_IN_PAST = 'La fecha de cierre debe ser futura.';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What a dialog shows of its mutation. */
interface MutationState {
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
  reset: () => void;
}

interface FormDialogProps {
  open: boolean;
  /** Closes at once, stopping a pending close. */
  onCancel: () => void;
  /** The dialog's title, also its accessible name. */
  title: string;
  /** The form's name: the id its submit button points at. */
  formName: string;
  okText: string;
  /** Whether the form may be sent (save stays disabled otherwise). */
  ready: boolean;
  mutation: MutationState;
  /** Shown once the mutation succeeds; the dialog then closes after 2 s. */
  success: string | null;
  children: ReactNode;
}

/**
 * A dialog around one form: the save button submits the form, is disabled until it is ready and
 * while sending; the server's error shows in the dialog; after a success the dialog shows it
 * and closes 2 s later.
 */
function FormDialog({ open, onCancel, title, formName, okText, ready, mutation, success, children }: FormDialogProps) {
  const done = mutation.isSuccess;
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      okText={okText}
      cancelText={done ? 'Cerrar' : 'Cancelar'}
      okButtonProps={{ htmlType: 'submit', form: formName, disabled: !ready || done }}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      {done && success ? <Alert type="success" showIcon title={success} style={{ marginBottom: 16 }} /> : null}
      <ErrorBanner message={mutation.error?.message} onClose={() => mutation.reset()} />
      {children}
    </Modal>
  );
}

/**
 * The form's values as the user leaves them, for what depends on them (the save button, a
 * field's enabling). Updated in the change itself: Form.useWatch reports a task later, which
 * would leave the save button a step behind the fields. A change also clears the last error.
 */
function useFormValues<T extends object>(initial: T, mutation: MutationState) {
  const [values, setValues] = useState<T>(initial);
  const onValuesChange = (_changed: Partial<T>, all: T) => {
    setValues(all);
    if (mutation.error) mutation.reset();
  };
  return [values, onValuesChange] as const;
}

interface NewInitiativeValues {
  title?: string;
  summary?: string;
}

export function NewInitiativeDialog({ open, onClose, body }: DialogProps & { body: LegislativeBody }) {
  const [form] = Form.useForm<NewInitiativeValues>();
  const create = useCreateInitiative();
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  const [values, onValuesChange] = useFormValues<NewInitiativeValues>({}, create);

  const submit = (values: NewInitiativeValues) => {
    create.mutate({ title: (values.title ?? '').trim(), summary: (values.summary ?? '').trim(), type: body }, { onSuccess: closeSoon });
  };

  return (
    <FormDialog
      open={open}
      onCancel={closeNow}
      title="Nueva Iniciativa"
      formName="new-initiative"
      okText="Crear Iniciativa"
      ready={filled(values.title) && filled(values.summary)}
      mutation={create}
      success={INITIATIVE_CREATED}
    >
      <Typography.Paragraph type="secondary">Se presentará ante: {bodyLabel(body)}.</Typography.Paragraph>
      <Form
        form={form}
        name="new-initiative"
        layout="vertical"
        onValuesChange={onValuesChange}
        onFinish={submit}
        disabled={create.isPending || create.isSuccess}>
        <Form.Item label="Título" name="title">
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item label="Resumen" name="summary" style={{ marginBottom: 0 }}>
          <Input.TextArea rows={5} maxLength={10000} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

interface NewAgendaItemValues {
  title?: string;
  description?: string;
  time?: string;
  date?: string;
}

export function NewAgendaItemDialog({ open, onClose, body }: DialogProps & { body: LegislativeBody }) {
  const [form] = Form.useForm<NewAgendaItemValues>();
  const create = useCreateAgendaItem();
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  const [initialValues] = useState<NewAgendaItemValues>(() => ({ title: '', description: '', time: '', date: todayISODate() }));
  const [values, onValuesChange] = useFormValues(initialValues, create);

  const submit = (values: NewAgendaItemValues) => {
    create.mutate(
      {
        title: (values.title ?? '').trim(),
        description: (values.description ?? '').trim(),
        time: values.time ?? '',
        date: values.date ?? '',
        type: body,
      },
      { onSuccess: closeSoon },
    );
  };

  return (
    <FormDialog
      open={open}
      onCancel={closeNow}
      title="Nuevo Punto en la Orden del Día"
      formName="new-agenda-item"
      okText="Agregar Punto"
      ready={filled(values.title) && filled(values.time) && filled(values.date)}
      mutation={create}
      success={AGENDA_ITEM_CREATED}
    >
      <Typography.Paragraph type="secondary">Orden del día de: {bodyLabel(body)}.</Typography.Paragraph>
      <Form
        form={form}
        name="new-agenda-item"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={submit}
        disabled={create.isPending || create.isSuccess}
      >
        <Form.Item label="Título" name="title">
          <Input maxLength={200} autoFocus />
        </Form.Item>
        <Form.Item label="Descripción" name="description">
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
        <div className="legislative-form-row">
          <Form.Item label="Fecha" name="date" style={{ marginBottom: 0 }}>
            <Input type="date" />
          </Form.Item>
          <Form.Item label="Hora" name="time" style={{ marginBottom: 0 }}>
            <Input type="time" />
          </Form.Item>
        </div>
      </Form>
    </FormDialog>
  );
}

interface VoteValues {
  voteType?: VoteType;
}

export function VoteDialog({ open, onClose, initiative }: DialogProps & { initiative: Initiative | null }) {
  const [form] = Form.useForm<VoteValues>();
  const vote = useVote();
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  const [values, onValuesChange] = useFormValues<VoteValues>({}, vote);

  const submit = (values: VoteValues) => {
    if (!initiative || !values.voteType) return;
    vote.mutate({ id: initiative._id, voteType: values.voteType }, { onSuccess: closeSoon });
  };

  return (
    <FormDialog
      open={open}
      onCancel={closeNow}
      title="Emitir Voto"
      formName="cast-vote"
      okText="Votar"
      ready={values.voteType !== undefined && initiative !== null}
      mutation={vote}
      success={VOTE_REGISTERED}
    >
      {initiative ? (
        <Typography.Paragraph strong className="legislative-dialog-subject">
          {initiative.title}
        </Typography.Paragraph>
      ) : null}
      <Form
        form={form}
        name="cast-vote"
        layout="vertical"
        onValuesChange={onValuesChange}
        onFinish={submit}
        disabled={vote.isPending || vote.isSuccess}>
        <Form.Item label="Tu voto" name="voteType" style={{ marginBottom: 0 }} extra="Solo puedes votar una vez.">
          <Radio.Group options={VOTE_TYPES.map((type) => ({ value: type, label: voteLabel(type) }))} className="legislative-vote-options" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

interface VotingValues {
  votingEnabled: boolean;
  votingEndDate?: string;
}

function initialVoting(initiative: Initiative | null, now: number): VotingValues {
  if (initiative?.votingEnabled && initiative.votingEndDate && new Date(initiative.votingEndDate).getTime() > now) {
    return { votingEnabled: true, votingEndDate: toDateTimeLocal(new Date(initiative.votingEndDate)) };
  }
  if (initiative?.votingEnabled && initiative.votingEndDate === null) return { votingEnabled: true, votingEndDate: '' };
  return { votingEnabled: initiative?.votingEnabled ?? false, votingEndDate: defaultVotingEnd(now) };
}

export function VotingDialog({ open, onClose, initiative }: DialogProps & { initiative: Initiative | null }) {
  const [form] = Form.useForm<VotingValues>();
  const configure = useConfigureVoting();
  const { closeSoon, closeNow } = useCloseAfterSuccess(onClose);
  const [initialValues] = useState(() => initialVoting(initiative, Date.now()));
  const [values, onValuesChange] = useFormValues(initialValues, configure);
  const enabled = values.votingEnabled;

  const submit = (values: VotingValues) => {
    if (!initiative) return;
    const end = values.votingEnabled && filled(values.votingEndDate) ? (fromCommunityDateTimeLocal(values.votingEndDate ?? '')?.toISOString() ?? null) : null;
    configure.mutate({ id: initiative._id, settings: { votingEnabled: values.votingEnabled, votingEndDate: end } }, { onSuccess: closeSoon });
  };

  const success = configure.variables?.settings.votingEnabled ? VOTING_ENABLED : VOTING_DISABLED;

  return (
    <FormDialog
      open={open}
      onCancel={closeNow}
      title="Configurar Votación"
      formName="voting-settings"
      okText="Guardar"
      ready={initiative !== null}
      mutation={configure}
      success={success}
    >
      {initiative ? (
        <Typography.Paragraph strong className="legislative-dialog-subject">
          {initiative.title}
        </Typography.Paragraph>
      ) : null}
      <Form
        form={form}
        name="voting-settings"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={submit}
        disabled={configure.isPending || configure.isSuccess}
      >
        <Form.Item label="Habilitar votación" name="votingEnabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label="Fecha y hora de cierre"
          name="votingEndDate"
          style={{ marginBottom: 0 }}
          extra="En la hora de la comunidad. Déjala vacía para que la votación no tenga fecha de cierre."
          rules={[
            {
              validator: (_rule, value: unknown) =>
                !enabled || !filled(value) || (fromCommunityDateTimeLocal(String(value))?.getTime() ?? 0) > Date.now()
                  ? Promise.resolve()
                  : Promise.reject(new Error(END_DATE_IN_PAST)),
            },
          ]}
        >
          <Input type="datetime-local" disabled={!enabled} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
