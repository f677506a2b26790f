import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Flex, Input, Modal, Radio, Row, Select, Statistic, Tooltip, Typography, type TableColumnsType } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EyeOutlined,
  FlagOutlined,
  InboxOutlined,
  MessageOutlined,
  ReloadOutlined,
  SmileOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  TICKET_DETAIL_STAFF_ERROR,
  prefetchTickets,
  ticketDailyQuery,
  ticketKeys,
  ticketStatsQuery,
  useAssignTicket,
  useSetTicketPriority,
  useTicketDaily,
  useTicketStats,
  useTickets,
} from '../../api/tickets';
import { useModeratorsPage } from '../../api/staff';
import type { Ticket, TicketPriority } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { BackToDashboard } from '../../components/BackToDashboard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { NOT_MEASURED, QueryErrorAlert, measured, tableEmptyText } from '../../components/QueryState';
import { TicketPagination } from '../../components/tickets/TicketPagination';
import { NO_TICKETS_TEXT, TicketTabs, commonTicketColumns, dateColumn, useTableMinWidth } from '../../components/tickets/ticketColumns';
import { CATEGORY_LABELS, PRIORITY_LABELS, TICKET_CATEGORIES, TICKET_PRIORITIES, summaryCounts } from '../../components/tickets/ticketLabels';
import { firstTicketListQuery, useTicketListState } from '../../components/tickets/useTicketListState';
import type { FirstQueries } from '../../api/firstQueries';
import { useTicketAddress } from '../../components/tickets/useTicketAddress';
import { TicketDialog } from '../../layout/ticketDialog';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useHeldRows } from '../../live/heldRows';
import { TICKET_DAYS, TicketCharts } from './TicketCharts';
import { EmptyFigure, NO_RATINGS_TEXT } from './emptyFigures';
import { CANNED_TITLE, CannedRepliesDialog } from './CannedRepliesDialog';
import { PAGE_SUBTITLES } from '../../pageSubtitles';
import { useDebouncedValue } from '../../components/useDebouncedValue';

export const SUPPORT_PANEL_LOGIN_NEEDED = 'Debes iniciar sesión para acceder al panel de soporte.';
export const UNASSIGNED = 'Sin asignar';
export const BACK_TO_SUPPORT_PANEL = 'Volver al panel de soporte';

/** How many staff members the assignment list shows for a search: enough to choose, never the whole roster. */
export const ASSIGNEE_PAGE_SIZE = 20;
/** How long typing pauses before the staff are searched. */
const ASSIGNEE_SEARCH_PAUSE_MS = 300;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The four figures; a failed read shows dashes, and the panel's one alert says why. */
function StatCards() {
  const stats = useTicketStats();
  const counts = stats.data ? summaryCounts(stats.data.byStatus) : null;
  const loading = stats.isPending;
  const cards = [
    { key: 'total', title: 'Tickets Totales', icon: <InboxOutlined />, value: counts ? counts.total : NOT_MEASURED, precision: 0 },
    { key: 'time', title: 'Tiempo Promedio', icon: <ClockCircleOutlined />, value: measured(stats, (figures) => oneDecimal(figures.resolutionTime.average)), precision: 1, suffix: 'h' },
    { key: 'resolved', title: 'Resueltos', icon: <CheckCircleOutlined />, value: counts ? counts.resolved : NOT_MEASURED, precision: 0 },
    {
      key: 'satisfaction',
      title: 'Satisfacción',
      icon: <SmileOutlined />,
      value: measured(stats, (figures) => oneDecimal(figures.satisfaction.average)),
      precision: 1,
      suffix: '/ 5',
      // No ticket rated yet: said in words, never "0.0 / 5".
      empty: stats.data && stats.data.satisfaction.count === 0 ? NO_RATINGS_TEXT : undefined,
    },
  ];
  return (
    <>
      <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 16 }}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} md={6}>
            <Card className="ticket-stat" aria-label={card.title} role="group" style={{ height: '100%' }}>
              {card.empty ? (
                <Statistic title={card.title} valueRender={() => <EmptyFigure text={String(card.empty)} />} />
              ) : (
                <Statistic title={card.title} value={card.value} precision={card.precision} suffix={stats.data ? card.suffix : undefined} prefix={card.icon} loading={loading} />
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

interface AssigneeOption {
  value: string;
  label: string;
}

function AssignDialog({ open, ticket, onClose }: { open: boolean; ticket: Ticket | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), ASSIGNEE_SEARCH_PAUSE_MS);
  // Searched on the server, 20 at a time: the roster may be hundreds.
  const moderators = useModeratorsPage({ q: search, page: 1, limit: ASSIGNEE_PAGE_SIZE }, open);
  const assign = useAssignTicket();
  // The chosen member keeps its name while a later search no longer lists them.
  const [choice, setChoice] = useState<AssigneeOption | undefined>(undefined);
  const assigned = ticket?.assignedTo ? { value: ticket.assignedTo.staffId, label: ticket.assignedTo.staffUsername } : null;
  const current = choice?.value ?? assigned?.value ?? '';

  const close = () => {
    setChoice(undefined);
    setTyped('');
    assign.reset();
    onClose();
  };
  const save = () => {
    if (!ticket) return;
    assign.mutate({ ticketId: ticket.ticketId, body: { staffId: current === '' ? null : current } }, { onSuccess: close });
  };

  const found: AssigneeOption[] = (moderators.data?.members ?? []).map((member) => ({ value: member.UserId, label: member.username }));
  // Nobody first; then whoever is assigned now and whoever was chosen, named from the ticket when the search does not list them.
  const kept: AssigneeOption[] = [];
  for (const option of [assigned, choice]) {
    if (option && option.value !== '' && ![...found, ...kept].some((listed) => listed.value === option.value)) kept.push(option);
  }
  const options = [{ value: '', label: UNASSIGNED }, ...kept, ...found];

  return (
    <Modal
      title="Asignar Ticket"
      open={open}
      onCancel={close}
      onOk={save}
      okText="Asignar"
      cancelText="Cancelar"
      confirmLoading={assign.isPending}
      okButtonProps={{ disabled: moderators.isPending }}
      destroyOnHidden
    >
      {ticket ? (
        <Typography.Paragraph type="secondary">
          Ticket #{ticket.ticketId}: {ticket.title}
        </Typography.Paragraph>
      ) : null}
      <ErrorBanner message={moderators.error?.message ?? assign.error?.message} onClose={() => assign.reset()} />
      <Select<string>
        aria-label="Asignar a"
        value={current}
        options={options}
        loading={moderators.isFetching}
        onChange={(value) => {
          setChoice(options.find((option) => option.value === value) ?? { value, label: value });
          setTyped('');
        }}
        showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
        style={{ width: '100%' }}
      />
    </Modal>
  );
}

function PriorityDialog({ open, ticket, onClose }: { open: boolean; ticket: Ticket | null; onClose: () => void }) {
  const setPriority = useSetTicketPriority();
  const [choice, setChoice] = useState<TicketPriority | undefined>(undefined);
  const current = choice ?? ticket?.priority ?? 'Medium';

  const close = () => {
    setChoice(undefined);
    setPriority.reset();
    onClose();
  };
  const save = () => {
    if (!ticket) return;
    setPriority.mutate({ ticketId: ticket.ticketId, body: { priority: current } }, { onSuccess: close });
  };

  return (
    <Modal
      title="Cambiar Prioridad"
      open={open}
      onCancel={close}
      onOk={save}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={setPriority.isPending}
      destroyOnHidden
    >
      {ticket ? (
        <Typography.Paragraph type="secondary">
          Ticket #{ticket.ticketId}: {ticket.title}
        </Typography.Paragraph>
      ) : null}
      <ErrorBanner message={setPriority.error?.message} onClose={() => setPriority.reset()} />
      <Radio.Group
        aria-label="Prioridad"
        value={current}
        onChange={(event) => setChoice(event.target.value as TicketPriority)}
        options={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
        optionType="button"
        buttonStyle="solid"
      />
    </Modal>
  );
}

const ticketIdOf = (ticket: Ticket) => ticket.ticketId;

/** What the Actualizar button adds for a screen reader while new tickets wait. */
export const newTicketsText = (count: number) => (count === 1 ? '1 ticket nuevo' : `${count} tickets nuevos`);

/** What the support panel asks for first (api/firstQueries.ts): the first page of tickets, the figures and the days charted. */
export const prefetchSupportPanel: FirstQueries = (queryClient) =>
  Promise.all([
    prefetchTickets(queryClient, firstTicketListQuery()),
    queryClient.prefetchQuery(ticketStatsQuery()),
    queryClient.prefetchQuery(ticketDailyQuery(TICKET_DAYS)),
  ]);

function SupportPanel() {
  const queryClient = useQueryClient();
  const list = useTicketListState();
  const tickets = useTickets(list.query);
  // A ticket the live stream brings waits behind the Actualizar button rather than pushing down the list.
  const shown = useHeldRows(tickets.data?.tickets, ticketIdOf, tickets.isPlaceholderData ? null : JSON.stringify(list.query));
  const stats = useTicketStats();
  const daily = useTicketDaily(TICKET_DAYS);
  const [searchText, setSearchText] = useState('');
  const address = useTicketAddress('/admin/support');
  const [acting, setActing] = useState<{ action: 'assign' | 'priority' | null; ticket: Ticket | null }>({ action: null, ticket: null });
  const stopActing = () => setActing((current) => ({ ...current, action: null }));

  const refresh = () => {
    shown.showAll();
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.stats });
  };
  const view = address.open;

  const columns: TableColumnsType<Ticket> = [
    ...commonTicketColumns(),
    {
      key: 'assigned',
      title: 'Asignado a',
      width: 130,
      ellipsis: true,
      render: (_: unknown, ticket: Ticket) =>
        ticket.assignedTo ? ticket.assignedTo.staffUsername : <Typography.Text type="secondary">{UNASSIGNED}</Typography.Text>,
    },
    dateColumn('createdAt', 'Creado'),
    {
      key: 'actions',
      title: 'Acciones',
      width: 130,
      render: (_: unknown, ticket: Ticket) => (
        <Flex gap={4} onClick={(event) => event.stopPropagation()}>
          <Tooltip title="Ver">
            <Button type="text" icon={<EyeOutlined />} aria-label={`Ver ticket #${ticket.ticketId}`} onClick={() => view(ticket.ticketId)} />
          </Tooltip>
          <Tooltip title="Asignar">
            <Button type="text" icon={<UserAddOutlined />} aria-label={`Asignar ticket #${ticket.ticketId}`} onClick={() => setActing({ action: 'assign', ticket })} />
          </Tooltip>
          <Tooltip title="Cambiar prioridad">
            <Button type="text" icon={<FlagOutlined />} aria-label={`Cambiar prioridad del ticket #${ticket.ticketId}`} onClick={() => setActing({ action: 'priority', ticket })} />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  const minWidth = useTableMinWidth(columns);

  return (
    <>
      {/* The figures and the list fail once, here, with one Reintentar for both. */}
      <QueryErrorAlert queries={[stats, tickets, daily]} />
      <StatCards />
      <TicketCharts errorShownAbove />
      <Card className="ticket-card">
        <Flex gap={12} wrap align="center" style={{ marginBottom: 8 }}>
          <Input.Search
            aria-label="Buscar tickets"
            placeholder="Buscar por título, ID o autor"
            allowClear
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              if (event.target.value === '') list.setFilters({ ...list.filters, search: '' });
            }}
            onSearch={(value) => list.setFilters({ ...list.filters, search: value })}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          <Select
            aria-label="Filtrar por prioridad"
            placeholder="Prioridad"
            allowClear
            value={list.filters.priority}
            onChange={(priority?: string) => list.setFilters({ ...list.filters, priority })}
            options={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
            style={{ width: 140 }}
          />
          <Select
            aria-label="Filtrar por categoría"
            placeholder="Categoría"
            allowClear
            value={list.filters.category}
            onChange={(category?: string) => list.setFilters({ ...list.filters, category })}
            options={TICKET_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))}
            style={{ width: 170 }}
          />
          <Badge count={shown.waiting} size="small" style={{ marginInlineStart: 'auto' }}>
            <Button icon={<ReloadOutlined />} onClick={refresh} loading={tickets.isFetching}>
              Actualizar
              {shown.waiting > 0 ? <span className="visually-hidden">{`: ${newTicketsText(shown.waiting)}`}</span> : null}
            </Button>
          </Badge>
        </Flex>
        <TicketTabs value={list.tab} onChange={list.setTab} />
        <ResponsiveTable<Ticket>
          rowKey="ticketId"
          columns={columns}
          dataSource={shown.rows}
          loading={tickets.isFetching && !tickets.isError}
          pagination={false}
          scroll={{ x: minWidth }}
          locale={{ emptyText: tableEmptyText(tickets, NO_TICKETS_TEXT) }}
          rowClassName={() => 'ticket-row'}
          onRow={(ticket) => ({ onClick: () => view(ticket.ticketId) })}
        />
        <TicketPagination
          page={list.page}
          pageSize={list.pageSize}
          total={tickets.data?.total ?? null}
          totalCapped={tickets.data?.totalCapped}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPageSize}
        />
      </Card>
      <TicketDialog
        open={address.isOpen}
        ticketId={address.shownId}
        detailErrorMessage={TICKET_DETAIL_STAFF_ERROR}
        backLabel={BACK_TO_SUPPORT_PANEL}
        onClose={() => {
          address.close();
          refresh();
        }}
      />
      <AssignDialog open={acting.action === 'assign'} ticket={acting.ticket} onClose={stopActing} />
      <PriorityDialog open={acting.action === 'priority'} ticket={acting.ticket} onClose={stopActing} />
    </>
  );
}

export function AdminSupportPage() {
  const { user, may } = useAuth();
  const [cannedOpen, setCannedOpen] = useState(false);
  return (
    <Page title={PAGE_TITLES['/admin/support']} subtitle={PAGE_SUBTITLES['/admin/support']}>
      <Flex style={{ marginBottom: 16 }} gap={8} wrap justify="space-between">
        <BackToDashboard />
        {user && may('manageCannedReplies') ? (
          <Button icon={<MessageOutlined />} onClick={() => setCannedOpen(true)}>
            {CANNED_TITLE}
          </Button>
        ) : null}
      </Flex>
      {user ? <SupportPanel /> : <Alert type="warning" showIcon title={SUPPORT_PANEL_LOGIN_NEEDED} />}
      <CannedRepliesDialog open={cannedOpen} onClose={() => setCannedOpen(false)} />
    </Page>
  );
}
