import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ClockCircleOutlined, ReloadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useModeratorsPage } from '../../api/staff';
import type { Moderator } from '../../api/types';
import { formatShortDate } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { NotMeasured, QueryErrorAlert } from '../../components/QueryState';
import { TicketPagination } from '../../components/tickets/TicketPagination';
import { DEFAULT_TICKET_PAGE_SIZE } from '../../components/tickets/ticketLabels';
import { DismissDialog, HoursDialog } from './StaffDialogs';
import { ActiveTag, MemberAvatar, weekSeconds } from './staffParts';
import { ResponsiveTable, usePhone } from '../../components/ResponsiveTable';
import { useDebouncedValue } from '../../components/useDebouncedValue';

export const NO_MODERATORS_TEXT = 'No hay moderadores disponibles';
export const STAFF_SEARCH_PLACEHOLDER = 'Buscar por nombre';
export const STAFF_SEARCH_LABEL = 'Buscar miembro del staff';
export const NO_MATCHING_STAFF_TEXT = 'Ningún miembro del staff coincide con la búsqueda.';

/** How long typing pauses before the roster is searched. */
export const STAFF_SEARCH_PAUSE_MS = 300;

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
 * The search typed in the box: asked for once typing pauses, or at once on Enter (or the
 * search button). Returns the search to send and the box's props.
 */
function useStaffSearch() {
  const [typed, setTyped] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const paused = useDebouncedValue(typed.trim(), STAFF_SEARCH_PAUSE_MS);
  // Enter sends what is typed without waiting; typing on, the pause decides again.
  const search = submitted !== null && submitted === typed.trim() ? submitted : paused;
  return {
    search,
    typed,
    onChange: (value: string) => setTyped(value),
    onSearch: (value: string) => {
      setTyped(value);
      setSubmitted(value.trim());
    },
  };
}

/**
 * The staff table of Comité, RH and AI: hours, hire date, this week, last server and status, with
 * hours and dismissal per row, a page at a time from the server and searched by name there.
 * `errorShownAbove` when the page already shows the roster's failure.
 */
export function StaffTable({ errorShownAbove = false }: { errorShownAbove?: boolean }) {
  const phone = usePhone();
  const { search, typed, onChange, onSearch } = useStaffSearch();
  // The page belongs to the search it was chosen for: a new search starts on the first page.
  const [paging, setPaging] = useState({ search, page: 0 });
  if (paging.search !== search) setPaging({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search, page: next });
  const [pageSize, setPageSize] = useState(DEFAULT_TICKET_PAGE_SIZE);
  const moderators = useModeratorsPage({ q: search, page: page + 1, limit: pageSize });
  const [acting, setActing] = useState<{ action: Action | null; member: Moderator | null }>({ action: null, member: null });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const stopActing = () => setActing((current) => ({ ...current, action: null }));

  const answer = moderators.data;
  const total = answer?.total ?? null;
  // A roster that shrank (a dismissal) must not leave the table on a page past its end: the last page is asked for.
  const lastPage = total === null ? page : Math.max(0, Math.ceil(total / pageSize) - 1);
  if (answer && !moderators.isPlaceholderData && page > lastPage) setPage(lastPage);
  const shownPage = Math.min(page, lastPage);
  const rows = answer?.members ?? [];
  const refresh = () => void moderators.refetch();

  let body;
  if (moderators.isError) {
    body = errorShownAbove ? <NotMeasured /> : <QueryErrorAlert queries={moderators} style={{ marginBottom: 0 }} />;
  } else if (moderators.isSuccess && total === 0 && !moderators.isPlaceholderData) {
    body = search ? (
      <Empty description={NO_MATCHING_STAFF_TEXT} />
    ) : (
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
          dataSource={rows}
          loading={moderators.isFetching}
          pagination={false}
          scroll={{ x: TABLE_WIDTH }}
          size="middle"
        />
        <TicketPagination
          page={shownPage}
          pageSize={pageSize}
          total={total}
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
      <Input.Search
        aria-label={STAFF_SEARCH_LABEL}
        placeholder={STAFF_SEARCH_PLACEHOLDER}
        allowClear
        value={typed}
        onChange={(event) => onChange(event.target.value)}
        onSearch={onSearch}
        // Full width on a phone; beside nothing else, a sensible width on a wider screen.
        style={{ width: phone ? '100%' : 320, maxWidth: '100%', marginBottom: 12 }}
      />
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
