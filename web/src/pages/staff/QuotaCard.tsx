import { Suspense, lazy, useState } from 'react';
import { Button, Card, Pagination, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { QUOTA_PAGE_SIZE, useQuotas } from '../../api/staff';
import type { QuotaLine, QuotaRole } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { formatDay } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { OneLineText } from '../../components/OneLineText';
import { QueryState } from '../../components/QueryState';
import { MemberAvatar } from './staffParts';

export const QUOTA_TITLE = 'Cuota semanal';
export const ALL_ON_QUOTA = 'Todo el staff ya cumplió su cuota esta semana.';
export const UNDER_QUOTA_PAGES_LABEL = 'Páginas de miembros bajo la cuota';

/** How many are under their quota, out of how many members. */
export const underQuotaText = (under: number, total: number) => `${under} de ${total} bajo la cuota`;

// The editor (antd's number inputs) downloads on the first "Cambiar", not with every dashboard.
const QuotaEditor = lazy(async () => ({ default: (await import('./QuotaEditor')).QuotaEditor }));

/** A role's quota, with the form that changes it for those the server lets (`setStaffQuotas`). */
function RoleQuota({ role, editable }: { role: QuotaRole; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <li className="quota-item">
        <span className="quota-main">
          <Typography.Text strong className="quota-name">
            {role.name}
          </Typography.Text>
          <Typography.Text className="quota-time" aria-label={`Cuota de ${role.name}: ${formatDuration(role.seconds)}`}>
            {formatDuration(role.seconds)}
          </Typography.Text>
        </span>
        <span className="quota-extra">
          {role.custom ? null : <Tag>Por omisión</Tag>}
          {editable ? (
            <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} aria-label={`Cambiar la cuota de ${role.name}`}>
              Cambiar
            </Button>
          ) : null}
        </span>
      </li>
    );
  }
  return (
    <li className="quota-item">
      <Suspense fallback={<Skeleton.Input active size="small" />}>
        <QuotaEditor role={role} onDone={() => setEditing(false)} />
      </Suspense>
    </li>
  );
}

function UnderLine({ line }: { line: QuotaLine }) {
  return (
    <li className="quota-item">
      <span className="quota-main">
        <MemberAvatar discordId={line.userId} avatar={line.avatar} username={line.username} />
        <OneLineText strong text={line.username} className="quota-name quota-member" />
        <Typography.Text className="quota-time" aria-label={`${line.username}: ${formatDuration(line.workedSeconds)} de ${formatDuration(line.quotaSeconds)}`}>
          {formatDuration(line.workedSeconds)} / {formatDuration(line.quotaSeconds)}
        </Typography.Text>
      </span>
      {line.leaveDays > 0 ? (
        <span className="quota-extra">
          <Tag color="blue">
            {line.leaveDays} {line.leaveDays === 1 ? 'día' : 'días'} de ausencia
          </Tag>
        </span>
      ) : null}
    </li>
  );
}

/**
 * This week's quotas: each staff role's (directors change them) and who is still under
 * theirs (their roles' highest, less a seventh per day on approved leave), as the server counts,
 * ten at a time: the server lists those under quota first, so only their pages are asked for.
 */
export function QuotaCard() {
  const { may } = useAuth();
  const [page, setPage] = useState(1);
  const quotas = useQuotas({ page, limit: QUOTA_PAGE_SIZE });
  const board = quotas.data;
  const underCount = board?.underQuota ?? 0;
  const lastPage = Math.max(1, Math.ceil(underCount / QUOTA_PAGE_SIZE));
  // Fewer under quota than before (a quota lowered, a shift ended): a page past the last is not kept.
  if (board && !quotas.isPlaceholderData && page > lastPage) setPage(lastPage);
  // The last page of those under quota may end with members who are not.
  const under = (board?.members ?? []).filter((line) => line.underQuota);
  return (
    <Card
      title={QUOTA_TITLE}
      role="region"
      aria-label={QUOTA_TITLE}
      extra={board ? <Tag color={underCount > 0 ? 'warning' : 'success'}>{underQuotaText(underCount, board.total)}</Tag> : null}
      style={{ height: '100%' }}
    >
      <QueryState queries={quotas}>
        {() =>
          board ? (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                Semana del {formatDay(board.weekStart)} al {formatDay(board.weekStart, 6)}. Con varios roles cuenta la cuota más alta.
              </Typography.Paragraph>
              <ul className="quota-list" aria-label="Cuota por rol">
                {board.roles.map((role) => (
                  <RoleQuota key={role.roleId} role={role} editable={may('setStaffQuotas')} />
                ))}
              </ul>
              <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
                Bajo la cuota
              </Typography.Title>
              {underCount === 0 ? (
                <Typography.Text type="secondary">{ALL_ON_QUOTA}</Typography.Text>
              ) : (
                <>
                  <ul className="quota-list" aria-label="Miembros bajo la cuota" aria-busy={quotas.isPlaceholderData}>
                    {under.map((line) => (
                      <UnderLine key={line.userId} line={line} />
                    ))}
                  </ul>
                  {lastPage > 1 ? (
                    <nav aria-label={UNDER_QUOTA_PAGES_LABEL} style={{ marginTop: 12 }}>
                      <Pagination
                        size="small"
                        current={Math.min(page, lastPage)}
                        pageSize={QUOTA_PAGE_SIZE}
                        total={underCount}
                        showSizeChanger={false}
                        showLessItems
                        onChange={setPage}
                        align="end"
                      />
                    </nav>
                  ) : null}
                </>
              )}
            </>
          ) : null
        }
      </QueryState>
    </Card>
  );
}
