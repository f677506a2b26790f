import { useMemo, useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Flex, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { ClearOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { auditKeys, useAuditLog } from '../../api/audit';
import { ApiError } from '../../api/client';
import { optionsOf } from '../../api/labels';
import { useGuildRoles } from '../../api/roles';
import { AUDIT_AREAS } from '../../api/serverConstants.gen';
import type { AuditEntry, AuditQuery } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { BackToDashboard } from '../../components/BackToDashboard';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { formatTotal } from '../../components/pagedTotal';
import { useServerPagination } from '../../components/useServerPagination';
import '../../components/dayjsLocale';
import { actionLabel, areaLabel, entityLabel, fieldLabel } from './auditLabels';
import { diffRows, formatValue } from './auditDiff';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const AUDIT_LOGIN_NEEDED = 'Debes iniciar sesión para acceder a esta página';
export const AUDIT_FORBIDDEN_TITLE = 'Acceso restringido';
export const AUDIT_FORBIDDEN_TEXT = 'Solo el Comité puede consultar el registro de auditoría.';
export const NO_ENTRIES_TEXT = 'Aún no hay cambios registrados';
export const NO_MATCHES_TEXT = 'Ningún cambio coincide con los filtros';
export const DEFAULT_PAGE_SIZE = 25;

const DATE_PARAM = 'YYYY-MM-DD';

type Range = [Dayjs | null, Dayjs | null] | null;

interface Filters {
  area?: string;
  actorId?: string;
  entityId?: string;
  range: Range;
}

const NO_FILTERS: Filters = { area: undefined, actorId: undefined, entityId: undefined, range: null };

/** The filters, the page and its size as the server takes them (days as YYYY-MM-DD, inclusive). */
export function auditQuery({ area, actorId, entityId, range }: Filters, page: number, limit: number): AuditQuery {
  const query: AuditQuery = {};
  if (area) query.area = area;
  if (actorId?.trim()) query.actorId = actorId.trim();
  if (entityId?.trim()) query.entityId = entityId.trim();
  const [from, to] = range ?? [null, null];
  if (from) query.from = from.format(DATE_PARAM);
  if (to) query.to = to.format(DATE_PARAM);
  query.page = page;
  query.limit = limit;
  return query;
}

function hasFilters({ area, actorId, entityId, range }: Filters): boolean {
  return Boolean(area || actorId || entityId || range?.[0] || range?.[1]);
}

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

function formatParts(value: string): { day: string; time: string } {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { day: '', time: '' };
  return { day: DAY_FORMAT.format(date), time: TIME_FORMAT.format(date) };
}

/** Names the entity of an entry: a role by its name when the guild's roles are known, anything else by its id. */
function entityText(entry: AuditEntry, roleNames: ReadonlyMap<string, string>): string {
  const label = entityLabel(entry.entityType);
  if (!entry.entityId) return label;
  const name = entry.entityType === 'role' ? roleNames.get(entry.entityId) : undefined;
  return name ? `${label} ${name}` : `${label} #${entry.entityId}`;
}

function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {entry.actorName || entry.actorId || 'sistema'}
      </Typography.Text>
      {entry.actorId ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {entry.actorId}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function When({ at }: { at: string }) {
  const { day, time } = formatParts(at);
  return (
    <Flex vertical>
      <span style={{ whiteSpace: 'nowrap' }}>{day}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {time}
      </Typography.Text>
    </Flex>
  );
}

/** An entry in one cell, for a phone: what, on what, who and when. */
function Summary({ entry, entity }: { entry: AuditEntry; entity: string }) {
  const { day, time } = formatParts(entry.at);
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {actionLabel(entry.area, entry.action)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {areaLabel(entry.area)} · {entity}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
        {entry.actorName || entry.actorId || 'sistema'} · {day} {time}
      </Typography.Text>
    </Flex>
  );
}

function Value({ value }: { value: unknown }) {
  const text = formatValue(value);
  if (text.includes('\n')) return <pre className="audit-diff-json">{text}</pre>;
  return <span className={value === undefined || value === null ? 'audit-diff-none' : undefined}>{text}</span>;
}

/** The before and after of an entry, field by field; the fields that changed stand out. */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const rows = diffRows(entry.before, entry.after);
  const created = entry.before === null && entry.after !== null;
  const deleted = entry.after === null && entry.before !== null;
  const changed = rows.filter((row) => row.changed).length;
  return (
    <div className="audit-diff-wrap">
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {created ? 'Creación: no había valores anteriores.' : deleted ? 'Eliminación: no quedan valores después.' : null}
        {!created && !deleted ? (changed === 1 ? '1 campo cambió.' : `${changed} campos cambiaron.`) : null}
      </Typography.Text>
      <table className="audit-diff" aria-label={`Cambios del registro #${entry.id}`}>
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">Antes</th>
            <th scope="col">Después</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key || 'value'} className={row.changed ? 'audit-diff-changed' : undefined}>
              <th scope="row">
                {row.key ? fieldLabel(row.key) : 'Valor'}
                {row.changed ? <span className="visually-hidden"> (cambió)</span> : null}
              </th>
              <td className="audit-diff-before">
                <Value value={row.before} />
              </td>
              <td className="audit-diff-after">
                <Value value={row.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface EntryDetailProps {
  entry: AuditEntry;
  entity: string;
  onActor: (actorId: string) => void;
  onEntity: (entityId: string) => void;
}

function EntryDetail({ entry, entity, onActor, onEntity }: EntryDetailProps) {
  return (
    <Flex vertical gap={10} className="audit-detail">
      <Flex gap={8} wrap align="center">
        <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
          {areaLabel(entry.area)}
        </Tag>
        <Typography.Text>{entity}</Typography.Text>
        <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
          {entry.area}/{entry.action}
        </Typography.Text>
      </Flex>
      <AuditDiff entry={entry} />
      <Flex gap={8} wrap>
        {entry.actorId ? (
          <Button size="small" icon={<UserOutlined />} onClick={() => onActor(entry.actorId)}>
            Ver solo lo de {entry.actorName || entry.actorId}
          </Button>
        ) : null}
        {entry.entityId ? (
          <Button size="small" onClick={() => onEntity(entry.entityId)}>
            Ver el historial de {entity}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** A text filter applied on Enter or the search button, and at once when cleared. */
function IdFilter({ label, placeholder, value, onApply }: { label: string; placeholder: string; value?: string; onApply: (value: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      value={draft ?? value ?? ''}
      onChange={(event) => setDraft(event.target.value)}
      onSearch={(text) => {
        setDraft(null);
        onApply(text.trim());
      }}
      inputMode="numeric"
      className="audit-filter"
      style={{ width: 230 }}
    />
  );
}

function AuditLog() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // Clearing the filters also drops what was typed and not yet applied.
  const [cleared, setCleared] = useState(0);
  const { page, pageSize, setPage, pagination } = useServerPagination(DEFAULT_PAGE_SIZE, (total, capped) =>
    (total === 1 && !capped ? '1 cambio' : `${formatTotal(total, capped)} cambios`),
  );
  const query = useMemo(() => auditQuery(filters, page, pageSize), [filters, page, pageSize]);
  const log = useAuditLog(query);
  const roles = useGuildRoles();
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((role) => [role._id, role.name])), [roles.data]);
  const filtered = hasFilters(filters);
  // Below the medium breakpoint an entry is one cell: five columns do not fit a phone.
  const wide = useScreens().md ?? false;

  const setFilter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  if (log.error instanceof ApiError && log.error.status === 403) {
    return <Alert type="warning" showIcon title={AUDIT_FORBIDDEN_TITLE} description={log.error.message || AUDIT_FORBIDDEN_TEXT} />;
  }

  const wideColumns: TableColumnsType<AuditEntry> = [
    { key: 'at', title: 'Fecha', width: 130, render: (_: unknown, entry: AuditEntry) => <When at={entry.at} /> },
    { key: 'actor', title: 'Quién', width: 190, render: (_: unknown, entry: AuditEntry) => <Actor entry={entry} /> },
    {
      key: 'area',
      title: 'Área',
      width: 150,
      render: (_: unknown, entry: AuditEntry) => <Tag style={{ marginInlineEnd: 0 }}>{areaLabel(entry.area)}</Tag>,
    },
    {
      key: 'action',
      title: 'Acción',
      render: (_: unknown, entry: AuditEntry) => <Typography.Text style={{ overflowWrap: 'anywhere' }}>{actionLabel(entry.area, entry.action)}</Typography.Text>,
    },
    {
      key: 'entity',
      title: 'Entidad',
      responsive: ['lg'],
      render: (_: unknown, entry: AuditEntry) => <Typography.Text style={{ overflowWrap: 'anywhere' }}>{entityText(entry, roleNames)}</Typography.Text>,
    },
  ];
  const narrowColumns: TableColumnsType<AuditEntry> = [
    { key: 'summary', title: 'Cambio', render: (_: unknown, entry: AuditEntry) => <Summary entry={entry} entity={entityText(entry, roleNames)} /> },
  ];

  const entries = log.data?.entries ?? [];

  return (
    <Card className="audit-card">
      <Flex gap={12} wrap align="center" className="audit-filters" style={{ marginBottom: 16 }}>
        <Select
          aria-label="Filtrar por área"
          placeholder="Área"
          allowClear
          value={filters.area}
          onChange={(area?: string) => setFilter({ area })}
          options={optionsOf(AUDIT_AREAS)}
          className="audit-filter"
          style={{ width: 200 }}
        />
        <IdFilter
          key={`actor-${cleared}`}
          label="Filtrar por persona"
          placeholder="Quién (ID de Discord)"
          value={filters.actorId}
          onApply={(actorId) => setFilter({ actorId })}
        />
        <IdFilter
          key={`entity-${cleared}`}
          label="Filtrar por entidad"
          placeholder="Entidad (ID)"
          value={filters.entityId}
          onApply={(entityId) => setFilter({ entityId })}
        />
        <DatePicker.RangePicker
          aria-label="Filtrar por fechas"
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          value={filters.range}
          onChange={(range) => setFilter({ range: range as Range })}
          classNames={{ popup: { root: 'audit-range-popup' } }}
          className="audit-filter audit-range"
        />
        <Flex gap={8} wrap className="audit-actions">
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              setFilter(NO_FILTERS);
              setCleared((n) => n + 1);
            }}
            disabled={!filtered}
          >
            Limpiar filtros
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries({ queryKey: auditKeys.all })} loading={log.isFetching}>
            Actualizar
          </Button>
        </Flex>
      </Flex>
      <QueryErrorAlert queries={log} />
      <ResponsiveTable<AuditEntry>
        rowKey="id"
        columns={wide ? wideColumns : narrowColumns}
        dataSource={entries}
        loading={log.isFetching && !log.isError}
        size="middle"
        scroll={wide ? { x: 'max-content' } : undefined}
        rowClassName={() => 'audit-row'}
        expandable={{
          expandedRowRender: (entry) => (
            <EntryDetail
              entry={entry}
              entity={entityText(entry, roleNames)}
              onActor={(actorId) => setFilter({ actorId })}
              onEntity={(entityId) => setFilter({ entityId })}
            />
          ),
          expandRowByClick: true,
        }}
        locale={{
          emptyText: tableEmptyText(log, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? NO_MATCHES_TEXT : NO_ENTRIES_TEXT} />),
          expand: 'Ver cambios',
          collapse: 'Ocultar cambios',
        }}
        pagination={pagination({ total: log.data?.total ?? 0, capped: log.data?.totalCapped ?? false, shown: entries.length })}
      />
    </Card>
  );
}

export function SecurityPage() {
  const { user } = useAuth();
  return (
    <Page title={PAGE_TITLES['/security']} subtitle={PAGE_SUBTITLES['/security']}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      {user ? <AuditLog /> : <Alert type="warning" showIcon title={AUDIT_LOGIN_NEEDED} />}
    </Page>
  );
}
