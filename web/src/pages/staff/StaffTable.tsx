import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ClockCircleOutlined, ReloadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useModerators } from '../../api/staff';
import type { Moderator } from '../../api/types';
import { formatShortDate } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { NotMeasured, QueryErrorAlert } from '../../components/QueryState';
import { TicketPagination } from '../../components/tickets/TicketPagination';
import { DEFAULT_TICKET_PAGE_SIZE } from '../../components/tickets/ticketLabels';
import { DismissDialog, HoursDialog } from './StaffDialogs';
import { ActiveTag, MemberAvatar, weekSeconds } from './staffParts';
import { ResponsiveTable } from '../../components/ResponsiveTable';

export const NO_MODERATORS_TEXT = 'No hay moderadores disponibles';

type Action = 'hours' | 'dismiss';

const columns = (act: (action: Action, member: Moderator) => void): TableColumnsType<Moderator> => [
  {
    key: 'member',
    title: 'Miembro',
    width: 200,
    render: (_: unknown, member: Moderator) => (
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <MemberAvatar discordId={member.UserId} avatar={member.avatar} username={member.username} />
        <Link
          to={`/staff/${member.UserId}`}
          aria-label={`Ver expediente de ${member.username}`}
          title={member.username}
          style={{ minWidth: 0, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {member.username}
        </Link>
      </Flex>
    ),
  },
  {
    key: 'hired',
    title: 'Contratado',
    width: 130,
    render: (_: unknown, member: Moderator) =>
      member.TiempoContratado ? formatShortDate(member.TiempoContratado) : <Typography.Text type="secondary">Sin registro</Typography.Text>,
  },
  { key: 'total', title: 'Tiempo total', width: 150, render: (_: unknown, member: Moderator) => formatDuration(member.TiempoTotal) },
  { key: 'week', title: 'Horas semanales', width: 150, render: (_: unknown, member: Moderator) => formatDuration(weekSeconds(member.jornada)) },
  {
    key: 'server',
    title: 'Último servidor',
    width: 140,
    render: (_: unknown, member: Moderator) => member.jornada.Servidor || <Typography.Text type="secondary">—</Typography.Text>,
  },
  { key: 'status', title: 'Estado', width: 100, render: (_: unknown, member: Moderator) => <ActiveTag inactividad={member.Inactividad} /> },
  {
    key: 'actions',
    title: 'Acciones',
    width: 100,
    fixed: 'end',
    render: (_: unknown, member: Moderator) => (
      <Flex gap={4}>
        <Tooltip title="Ajustar horas">
          <Button type="text" icon={<ClockCircleOutlined />} aria-label={`Ajustar horas de ${member.username}`} onClick={() => act('hours', member)} />
        </Tooltip>
        <Tooltip title="Dar de baja">
          <Button type="text" danger icon={<UserDeleteOutlined />} aria-label={`Dar de baja a ${member.username}`} onClick={() => act('dismiss', member)} />
        </Tooltip>
      </Flex>
    ),
  },
];

const TABLE_WIDTH = 970;

/**
 * The staff table of Comité, RH and AI: hours, hire date, this week, last server and status, with
 * hours and dismissal per row. `errorShownAbove` when the page already shows the roster's failure.
 */
export function StaffTable({ errorShownAbove = false }: { errorShownAbove?: boolean }) {
  const moderators = useModerators();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_TICKET_PAGE_SIZE);
  const [acting, setActing] = useState<{ action: Action | null; member: Moderator | null }>({ action: null, member: null });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const stopActing = () => setActing((current) => ({ ...current, action: null }));

  const rows = moderators.data ?? [];
  // A list that shrank (a dismissal) must not leave the table on a page past its end.
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const pageRows = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);
  const refresh = () => void moderators.refetch();

  let body;
  if (moderators.isError) {
    body = errorShownAbove ? <NotMeasured /> : <QueryErrorAlert queries={moderators} style={{ marginBottom: 0 }} />;
  } else if (moderators.isSuccess && rows.length === 0) {
    body = (
      <Empty description={NO_MODERATORS_TEXT}>
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={moderators.isFetching}>
          Reintentar
        </Button>
      </Empty>
    );
  } else {
    body = (
      <>
        <ResponsiveTable<Moderator>
          rowKey="UserId"
          columns={columns((action, member) => setActing({ action, member }))}
          dataSource={pageRows}
          loading={moderators.isFetching}
          pagination={false}
          scroll={{ x: TABLE_WIDTH }}
          size="middle"
        />
        <TicketPagination
          page={shownPage}
          pageSize={pageSize}
          total={rows.length}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </>
    );
  }

  return (
    <Card
      title="Gestión de Staff"
      role="region"
      aria-label="Gestión de Staff"
      className="ticket-card"
      extra={
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={moderators.isFetching} aria-label="Actualizar lista de staff">
          Actualizar
        </Button>
      }
      style={{ marginBottom: 24 }}
    >
      {dismissed ? (
        <Alert
          type="success"
          showIcon
          title={`Baja aplicada: ${dismissed} ya no forma parte del staff.`}
          closable={{ onClose: () => setDismissed(null), 'aria-label': 'Cerrar' }}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {body}
      <HoursDialog open={acting.action === 'hours'} member={acting.member} onClose={stopActing} />
      <DismissDialog
        open={acting.action === 'dismiss'}
        member={acting.member}
        onClose={stopActing}
        onDismissed={(member) => setDismissed(member.username)}
      />
    </Card>
  );
}
