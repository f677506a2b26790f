import { useState } from 'react';
import { Alert, Button, Flex, Segmented, Space, Typography } from 'antd';
import { pluralOf } from '../../api/labels';
import { LEAVE_STATUSES } from '../../api/serverConstants.gen';
import { useDecideLeave, useLeaves } from '../../api/staff';
import type { Leave, LeaveDecision, LeaveStatus } from '../../api/types';
import { BackToDashboard } from '../../components/BackToDashboard';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { LEAVE_STATUS_LABELS, LeaveStatusTag, leaveSpan } from './leaveParts';

export const LEAVES_TITLE = PAGE_TITLES['/staff/ausencias'];
const FILTERS: { value: LeaveStatus | ''; label: string }[] = [
  ...LEAVE_STATUSES.map(({ value, label }) => ({ value, label: pluralOf(label) })),
  { value: '', label: 'Todas' },
];

/**
 * The staff's leaves of absence, asked for in Discord with /ausencia, for the directors who
 * approve or refuse them (the server decides who: the page's rule and `decideLeaves`). The
 * member is told by DM.
 */
export function LeavesPage() {
  const [status, setStatus] = useState<LeaveStatus | ''>('pending');
  const leaves = useLeaves(status);
  const decide = useDecideLeave();
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const run = (leave: Leave, decision: LeaveDecision) => {
    setOutcome(null);
    decide.mutate(
      { id: leave.id, decision },
      {
        onSuccess: (decided) =>
          setOutcome({ type: 'success', text: `Ausencia de ${decided.username} ${LEAVE_STATUS_LABELS[decided.status].toLowerCase()}.` }),
        onError: (error) => setOutcome({ type: 'error', text: error.message }),
      },
    );
  };

  return (
    <Page title={LEAVES_TITLE}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <BackToDashboard />
        <Segmented<LeaveStatus | ''>
          aria-label="Filtrar por estado"
          value={status}
          options={FILTERS}
          onChange={(value) => setStatus(value)}
        />
      </Flex>
      <Typography.Paragraph type="secondary">
        El staff pide sus ausencias en Discord con /ausencia. Los días de una ausencia aprobada no cuentan contra su cuota semanal.
      </Typography.Paragraph>
      <QueryErrorAlert queries={leaves} />
      {outcome ? (
        <Alert type={outcome.type} showIcon title={outcome.text} closable={{ onClose: () => setOutcome(null), 'aria-label': 'Cerrar' }} style={{ marginBottom: 12 }} />
      ) : null}
      <ResponsiveTable<Leave>
        rowKey="id"
        loading={leaves.isPending && !leaves.isError}
        dataSource={leaves.data ?? []}
        locale={{ emptyText: tableEmptyText(leaves, status ? `No hay ausencias ${pluralOf(LEAVE_STATUS_LABELS[status]).toLowerCase()}.` : 'No hay ausencias.') }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: 'Miembro', dataIndex: 'username', key: 'username' },
          { title: 'Fechas', key: 'dates', render: (_: unknown, leave: Leave) => leaveSpan(leave) },
          { title: 'Motivo', dataIndex: 'reason', key: 'reason' },
          { title: 'Estado', key: 'status', render: (_: unknown, leave: Leave) => <LeaveStatusTag status={leave.status} /> },
          {
            title: 'Acciones',
            key: 'actions',
            render: (_: unknown, leave: Leave) =>
              leave.status === 'pending' ? (
                <Space wrap>
                  <Button type="primary" size="small" loading={decide.isPending && decide.variables?.id === leave.id && decide.variables.decision === 'approve'}
                    disabled={decide.isPending} onClick={() => run(leave, 'approve')} aria-label={`Aprobar la ausencia de ${leave.username}`}>
                    Aprobar
                  </Button>
                  <Button danger size="small" loading={decide.isPending && decide.variables?.id === leave.id && decide.variables.decision === 'refuse'}
                    disabled={decide.isPending} onClick={() => run(leave, 'refuse')} aria-label={`Rechazar la ausencia de ${leave.username}`}>
                    Rechazar
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">{leave.decidedBy ? `Por ${leave.decidedBy}` : ''}</Typography.Text>
              ),
          },
        ]}
      />
    </Page>
  );
}
