import { useMemo, useState } from 'react';
import { Alert, App, Card, Checkbox, Col, Flex, Row, Segmented, Select, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { LockOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { PERMISSIONS_UPDATED, useGuildRoles, usePanelPermissions, useSetPanelPermissions } from '../../api/roles';
import type { PanelId, PanelLevel, PermissionFlags } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { BackToDashboard } from '../../components/BackToDashboard';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { PANELS, RIGHTS, panelInfo } from './panels';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const ROLES_LOGIN_NEEDED = 'Debes iniciar sesión para acceder a esta página';
export const LOCKED_EXPLANATION = 'Comité y Oficina conservan siempre todos los permisos.';
export const NO_ROLES_TEXT = 'No hay roles en el servidor de Discord';

const NO_RIGHTS: PermissionFlags = { read: false, modify: false, manage: false };
export const IMPLIED_READ_NOTE = 'Modificación y Gestión incluyen Lectura: al marcarlas se marca Lectura, y al quitar Lectura se quitan las tres.';

interface RoleRow {
  roleId: string;
  name: string;
  permissions: PermissionFlags;
  locked: boolean;
}

/** The chosen panel lives in the address (?panel=treasury), so a reload or a shared link keeps it. */
function usePanelParam(): [PanelId, (panel: PanelId) => void] {
  const [params, setParams] = useSearchParams();
  const panel = panelInfo(params.get('panel') ?? '')?.id ?? 'staff';
  const choose = (next: PanelId) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('panel', next);
        return updated;
      },
      { replace: true },
    );
  return [panel, choose];
}

function PanelSelector({ value, onChange }: { value: PanelId; onChange: (panel: PanelId) => void }) {
  const wide = useScreens().md ?? false;
  const options = PANELS.map((panel) => ({ value: panel.id, label: panel.label }));
  return (
    <Flex align="center" gap={12} wrap>
      <Typography.Text strong>
        Panel
      </Typography.Text>
      {wide ? (
        <Segmented<PanelId> aria-label="Panel" options={options} value={value} onChange={onChange} />
      ) : (
        <Select<PanelId> aria-label="Panel" options={options} value={value} onChange={onChange} style={{ flex: 1, minWidth: 0 }} />
      )}
    </Flex>
  );
}

function RightsLegend({ panel }: { panel: PanelId }) {
  const info = panelInfo(panel);
  // On a phone the table heads the rights short: the legend says what each stands for.
  const narrow = useScreens().sm !== true;
  if (!info) return null;
  return (
    <Row gutter={[12, 8]} className="roles-legend" role="list" aria-label={`Qué permite cada permiso en ${info.label}`}>
      {RIGHTS.map((right) => (
        <Col key={right.level} xs={24} md={8} role="listitem">
          <Typography.Text strong>
            {right.label}
            {narrow ? ` (${right.short})` : null}
          </Typography.Text>
          <Typography.Text type="secondary"> · {info.rights[right.level]}</Typography.Text>
        </Col>
      ))}
      <Col xs={24} role="listitem">
        <Typography.Text type="secondary">{IMPLIED_READ_NOTE}</Typography.Text>
      </Col>
    </Row>
  );
}

function RoleName({ row, explain }: { row: RoleRow; explain: boolean }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Flex align="center" gap={6} wrap>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {row.name}
        </Typography.Text>
        {row.locked ? (
          <Tag icon={<LockOutlined />} color="default" style={{ marginInlineEnd: 0 }}>
            Protegido
          </Tag>
        ) : null}
      </Flex>
      {row.locked && explain ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {LOCKED_EXPLANATION}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/**
 * The rights after a box changes. Modificación and Gestión imply Lectura, as the server
 * requires: ticking either ticks Lectura, and unticking Lectura unticks both.
 */
export function withRight(current: PermissionFlags, level: PanelLevel, checked: boolean): PermissionFlags {
  if (level === 'read' && !checked) return NO_RIGHTS;
  const next = { ...current, [level]: checked };
  return checked ? { ...next, read: true } : next;
}

function RolesMatrix() {
  const { message } = App.useApp();
  const [panel, setPanel] = usePanelParam();
  const roles = useGuildRoles();
  const permissions = usePanelPermissions(panel);
  const save = useSetPanelPermissions();
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const info = panelInfo(panel);
  // On a phone the three rights get short headings and the locked rows one note under the
  // table, so that the checkboxes fit beside the role names.
  const narrow = useScreens().sm !== true;

  // The guild's roles in their order, each with its rights on the panel. Should the roles fail
  // to load, the permission list still names every role.
  const rows = useMemo<RoleRow[]>(() => {
    const entries = permissions.data;
    if (!entries) return [];
    const byRole = new Map(entries.map((entry) => [entry.roleId, entry]));
    if (!roles.data) return entries.map(({ roleId, roleName, permissions: flags, locked }) => ({ roleId, name: roleName, permissions: flags, locked }));
    return roles.data.map((role) => {
      const entry = byRole.get(role._id);
      return { roleId: role._id, name: role.name, permissions: entry?.permissions ?? NO_RIGHTS, locked: entry?.locked ?? false };
    });
  }, [roles.data, permissions.data]);

  // A row waits for its save before it takes another change: each save sends all three rights.
  const savingKey = (roleId: string) => `${panel}:${roleId}`;
  const toggle = (row: RoleRow, level: PanelLevel, checked: boolean) => {
    const next = withRight(row.permissions, level, checked);
    const key = savingKey(row.roleId);
    setSaving((current) => new Set(current).add(key));
    save.mutate(
      { panel, roleId: row.roleId, permissions: next },
      {
        onSuccess: () => void message.success(PERMISSIONS_UPDATED),
        // The box is back to the stored value by now (see useSetPanelPermissions).
        onError: (err) => void message.error(err.message),
        onSettled: () =>
          setSaving((current) => {
            const rest = new Set(current);
            rest.delete(key);
            return rest;
          }),
      },
    );
  };

  const columns: TableColumnsType<RoleRow> = [
    { key: 'role', title: 'Rol', render: (_: unknown, row: RoleRow) => <RoleName row={row} explain={!narrow} /> },
    ...RIGHTS.map((right) => ({
      key: right.level,
      title: (
        <Tooltip title={info?.rights[right.level]}>
          {narrow ? <abbr title={right.label} className="roles-short">{right.short}</abbr> : <span>{right.label}</span>}
        </Tooltip>
      ),
      align: 'center' as const,
      // A matrix stays a table on a phone: 60 px leaves each box its 44 px to touch.
      width: narrow ? 60 : 116,
      render: (_: unknown, row: RoleRow) => (
        <Checkbox
          aria-label={`${right.label} de ${row.name}`}
          checked={row.locked || row.permissions[right.level]}
          disabled={row.locked || saving.has(savingKey(row.roleId))}
          onChange={(event) => toggle(row, right.level, event.target.checked)}
        />
      ),
    })),
  ];

  const loading = (permissions.isPending && !permissions.isError) || (roles.isPending && !roles.isError);

  return (
    <Card className="roles-card">
      <Flex vertical gap={16}>
        <PanelSelector value={panel} onChange={setPanel} />
        <RightsLegend panel={panel} />
        <div>
          <QueryErrorAlert queries={[roles, permissions]} />
          <Table<RoleRow>
            rowKey="roleId"
            columns={columns}
            dataSource={loading ? [] : rows}
            loading={loading}
            pagination={false}
            size={narrow ? 'small' : 'middle'}
            locale={{ emptyText: tableEmptyText([roles, permissions], NO_ROLES_TEXT) }}
            rowClassName={(row) => (row.locked ? 'roles-row roles-row-locked' : 'roles-row')}
          />
          {narrow && rows.some((row) => row.locked) ? (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
              <LockOutlined /> {LOCKED_EXPLANATION}
            </Typography.Paragraph>
          ) : null}
        </div>
      </Flex>
    </Card>
  );
}

export function RolesPage() {
  const { user } = useAuth();
  return (
    <Page
      title={PAGE_TITLES['/admin/roles']}
      subtitle={PAGE_SUBTITLES['/admin/roles']}
    >
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      {user ? <RolesMatrix /> : <Alert type="warning" showIcon title={ROLES_LOGIN_NEEDED} />}
    </Page>
  );
}
