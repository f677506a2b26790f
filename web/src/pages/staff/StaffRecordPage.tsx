import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Input, Radio, Row, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAddStaffEntry, useSetHired, useStaffMemberRecord, type StaffEntryKind } from '../../api/staff';
import type { StaffMemberNote, StaffMemberRecord } from '../../api/types';
import { BackToDashboard } from '../../components/BackToDashboard';
import { formatDate, formatDateTime, todayDay } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';
import { MemberAvatar } from './staffParts';

export const STAFF_RECORD_TITLE = PAGE_TITLES['/staff/:userId'];
export const STAFF_RECORD_FORBIDDEN = 'No tienes permiso para ver este expediente';
export const STAFF_RECORD_NOT_FOUND = 'Esa persona no es parte del staff.';
export const NO_NOTES_TEXT = 'Sin notas administrativas.';
export const NO_WARNINGS_TEXT = 'Sin advertencias.';
export const ENTRY_TEXT_RULE = 'El texto es obligatorio (máximo 2000 caracteres).';
export const NOTE_SAVED = 'Nota registrada.';
export const WARN_SAVED = 'Advertencia registrada.';
export const HIRED_SAVED = 'Fecha de contratación actualizada.';
/** The longest note or warning the server takes. */
export const ENTRY_MAX = 2000;

/** The YYYY-MM-DD of an instant the server wrote for a calendar day (midnight of the portal's zone). */
function dayOf(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : todayDay(date);
}

/** A staff member's file for Comité, RH and AI: standing, hours, notes and warnings, with forms to add to them. */
export function StaffRecordPage() {
  const { userId = '' } = useParams();
  const record = useStaffMemberRecord(userId);

  let body;
  if (record.isPending) {
    body = <Loading />;
  } else if (record.isError) {
    const status = record.error instanceof ApiError ? record.error.status : 0;
    if (status === 403) {
      body = <Alert type="warning" showIcon title={STAFF_RECORD_FORBIDDEN} description={record.error.message} />;
    } else if (status === 404) {
      body = <Empty description={STAFF_RECORD_NOT_FOUND} />;
    } else {
      body = <QueryErrorAlert queries={record} style={{ marginBottom: 0 }} />;
    }
  } else {
    body = <RecordBody record={record.data} />;
  }

  return (
    <Page title={STAFF_RECORD_TITLE} titleSuffix={record.data ? `: ${record.data.username}` : undefined}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      {body}
    </Page>
  );
}

function RecordBody({ record }: { record: StaffMemberRecord }) {
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Card role="region" aria-label="Ficha">
        <Flex align="center" gap={12} wrap style={{ marginBottom: 16, minWidth: 0 }}>
          <MemberAvatar discordId={record.userId} avatar={record.avatar} username={record.username} size={48} />
          <Typography.Text strong style={{ fontSize: 18, overflowWrap: 'anywhere', minWidth: 0 }}>
            {record.username}
          </Typography.Text>
          {record.active ? <Tag color="success">Activo</Tag> : <Tag color="error">Inactivo</Tag>}
        </Flex>
        <dl className="staff-record-facts" style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 32px', margin: 0 }}>
          <Fact label="Contratado">{record.hiredAt ? formatDate(record.hiredAt) : 'Sin registro'}</Fact>
          <Fact label="Tiempo total">{formatDuration(record.totalSeconds)}</Fact>
          <Fact label="Esta semana">{formatDuration(record.weekSeconds)}</Fact>
        </dl>
        {!record.active && record.dismissedAt ? (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            title={`Baja del staff el ${formatDate(record.dismissedAt)}${record.dismissedBy ? ` por ${record.dismissedBy}` : ''}.`}
            description={`Motivo: ${record.dismissReason || 'Sin motivo registrado.'}`}
          />
        ) : null}
        {record.active && record.canSetHired ? <HiredForm record={record} /> : null}
      </Card>
      {record.active ? <EntryForm userId={record.userId} /> : null}
      <Row gutter={[16, 16]} align="stretch">
        <Col xs={24} md={12}>
          <EntryList title="Advertencias" entries={record.warnings} empty={NO_WARNINGS_TEXT} />
        </Col>
        <Col xs={24} md={12}>
          <EntryList title="Notas Administrativas" entries={record.notes} empty={NO_NOTES_TEXT} />
        </Col>
      </Row>
    </Flex>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <dt style={{ fontWeight: 600 }}>{label}</dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  );
}

function HiredForm({ record }: { record: StaffMemberRecord }) {
  const current = dayOf(record.hiredAt);
  const [date, setDate] = useState(current);
  const setHired = useSetHired(record.userId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHired.mutate(date);
  };
  return (
    <form onSubmit={submit} aria-label="Corregir fecha de contratación" style={{ marginTop: 16 }}>
      <Flex gap={8} wrap align="flex-end">
        <label style={{ display: 'flex', flexDirection: 'column', gap: 4, flex: '1 1 180px', maxWidth: 260 }}>
          <Typography.Text>Fecha de contratación</Typography.Text>
          <Input
            type="date"
            value={date}
            max={todayDay()}
            required
            onChange={(event) => {
              setDate(event.target.value);
              setHired.reset();
            }}
          />
        </label>
        <Button htmlType="submit" loading={setHired.isPending} disabled={!date || date === current}>
          Guardar fecha
        </Button>
      </Flex>
      <ErrorBanner message={setHired.error?.message} onClose={() => setHired.reset()} style={{ marginTop: 8, marginBottom: 0 }} />
      {setHired.isSuccess ? (
        <Typography.Text role="status" style={{ display: 'block', marginTop: 8 }}>
          <CheckCircleOutlined aria-hidden /> {HIRED_SAVED}
        </Typography.Text>
      ) : null}
    </form>
  );
}

function EntryForm({ userId }: { userId: string }) {
  const [kind, setKind] = useState<StaffEntryKind>('note');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);
  const add = useAddStaffEntry(userId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.length > ENTRY_MAX) {
      setInvalid(true);
      return;
    }
    setSaved(null);
    add.mutate(
      { kind, text: trimmed },
      {
        onSuccess: () => {
          setText('');
          setSaved(kind === 'warn' ? WARN_SAVED : NOTE_SAVED);
          // The result is where the eyes (and the screen reader) go next.
          requestAnimationFrame(() => savedRef.current?.focus());
        },
      },
    );
  };

  return (
    <Card title="Registrar" role="region" aria-label="Registrar nota o advertencia">
      <form onSubmit={submit} aria-label="Nueva nota o advertencia">
        <Flex vertical gap={12}>
          <Radio.Group
            aria-label="Tipo"
            optionType="button"
            buttonStyle="solid"
            value={kind}
            onChange={(event) => setKind(event.target.value as StaffEntryKind)}
            options={[
              { value: 'note', label: 'Nota' },
              { value: 'warn', label: 'Advertencia' },
            ]}
          />
          <Input.TextArea
            aria-label={kind === 'warn' ? 'Texto de la advertencia' : 'Texto de la nota'}
            placeholder={kind === 'warn' ? 'Describe el motivo de la advertencia' : 'Escribe la nota administrativa'}
            value={text}
            maxLength={ENTRY_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            status={invalid ? 'error' : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(false);
              setSaved(null);
              if (add.isError) add.reset();
            }}
          />
          {invalid ? <Typography.Text type="danger">{ENTRY_TEXT_RULE}</Typography.Text> : null}
          <ErrorBanner message={add.error?.message} onClose={() => add.reset()} style={{ marginBottom: 0 }} />
          <Flex gap={12} align="center" wrap>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {kind === 'warn' ? 'Registrar advertencia' : 'Registrar nota'}
            </Button>
            {saved ? (
              <div ref={savedRef} tabIndex={-1} role="status">
                <Typography.Text>
                  <CheckCircleOutlined aria-hidden /> {saved}
                </Typography.Text>
              </div>
            ) : null}
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}

function EntryList({ title, entries, empty }: { title: string; entries: StaffMemberNote[]; empty: string }) {
  return (
    <Card title={title} role="region" aria-label={title} style={{ height: '100%' }}>
      {entries.length === 0 ? (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      ) : (
        <ul className="staff-entries">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.text}</Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                Aplicada por {entry.author || 'alguien del equipo'}
                {formatDateTime(entry.createdAt) ? ` · ${formatDateTime(entry.createdAt)}` : ''}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
