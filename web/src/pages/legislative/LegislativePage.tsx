import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { CalendarOutlined, ClockCircleOutlined, DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { Tabs } from '../../components/Tabs';
import { useAuth } from '../../auth/useAuth';
import { useAgenda, useDeleteAgendaItem, useDeleteInitiative, useInitiatives, useIsLegislativeAdmin } from '../../api/legislative';
import type { AgendaItem, Initiative, LegislativeBody } from '../../api/types';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LoadMore, shownPages } from '../../components/LoadMore';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, QueryState, tableEmptyText } from '../../components/QueryState';
import { InitiativeStatusTag, VoteCounts, VotingSummary } from './InitiativeParts';
import { NewAgendaItemDialog, NewInitiativeDialog, VoteDialog, VotingDialog } from './LegislativeDialogs';
import { bodyLabel, formatAgendaDate, LEGISLATIVE_BODIES, legislativeHref, parseBody, todayISODate, type LegislativeTab as Tab } from './legislativeFormat';
import { useDialogState } from './useDialogState';
import { useNow } from '../../components/useNow';
import { WithdrawButton, useWithdrawConfirmation, type Notice } from './WithdrawInitiative';
import { PAGE_SUBTITLES } from '../../pageSubtitles';

export const DELETE_INITIATIVE_QUESTION = '¿Estás seguro de que deseas eliminar esta iniciativa?';
export const DELETE_AGENDA_ITEM_QUESTION = '¿Estás seguro de que deseas eliminar este punto de la agenda?';
export const INITIATIVE_DELETED = 'Iniciativa eliminada exitosamente';
export const AGENDA_ITEM_DELETED = 'Punto de agenda eliminado exitosamente';
export const NO_INITIATIVES = 'No hay iniciativas registradas';
export const NO_AGENDA_ITEMS = 'No hay puntos en la orden del día';

interface PanelProps {
  body: LegislativeBody;
  isAdmin: boolean;
  onNotice: (notice: Notice | null) => void;
}

interface InitiativeCardProps {
  initiative: Initiative;
  now: number;
  onVote: () => void;
  /** The admins' buttons, or null. */
  actions: ReactNode;
}

/** An initiative on a narrow screen: what the table's row shows, the summary cut at two lines. */
function InitiativeCard({ initiative, now, onVote, actions }: InitiativeCardProps) {
  return (
    <li className="initiative-card" aria-label={initiative.title}>
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Link to={`/legislative/initiatives/${initiative._id}`} className="initiative-title">
          {initiative.title}
        </Link>
        <InitiativeStatusTag status={initiative.status} />
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
        {initiative.summary}
      </Typography.Paragraph>
      <VoteCounts votes={initiative.votes} />
      <Flex justify="space-between" align="flex-end" gap={8} wrap>
        <VotingSummary initiative={initiative} now={now} onVote={onVote} />
        {actions}
      </Flex>
    </li>
  );
}

function InitiativesPanel({ body, isAdmin, onNotice }: PanelProps) {
  const { modal } = App.useApp();
  const now = useNow();
  const initiatives = useInitiatives(body);
  const remove = useDeleteInitiative();
  const withdrawal = useWithdrawConfirmation(onNotice);
  const creating = useDialogState<null>(null);
  const voting = useDialogState<Initiative | null>(null);
  const configuring = useDialogState<Initiative | null>(null);
  // Below the large breakpoint the initiatives are cards: the table's six columns do not fit.
  const wide = useScreens().lg ?? false;

  const confirmDelete = (initiative: Initiative) => {
    void modal.confirm({
      title: DELETE_INITIATIVE_QUESTION,
      content: initiative.title,
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => {
        onNotice(null);
        return remove.mutateAsync(initiative._id).then(
          () => onNotice({ type: 'success', text: INITIATIVE_DELETED }),
          (error: Error) => onNotice({ type: 'error', text: error.message }),
        );
      },
    });
  };

  // Eliminar and Retirar show where the server says the caller may: an initiative with votes
  // or a result is withdrawn, never deleted.
  const actions = (initiative: Initiative) => {
    const withdrawn = initiative.status === 'withdrawn';
    const finished = withdrawn || initiative.status === 'approved' || initiative.status === 'rejected';
    let configureHint = 'Configurar Votación';
    if (withdrawn) configureHint = 'La iniciativa fue retirada';
    else if (finished) configureHint = 'La votación ya terminó';
    return (
      <Flex gap={4}>
        <Tooltip title={configureHint}>
          <Button
            type="text"
            icon={<SettingOutlined />}
            disabled={finished}
            aria-label={`Configurar Votación: ${initiative.title}`}
            onClick={() => configuring.show(initiative)}
          />
        </Tooltip>
        <WithdrawButton
          iconOnly
          initiative={initiative}
          loading={withdrawal.withdrawing(initiative)}
          onClick={() => withdrawal.confirm(initiative)}
        />
        {initiative.mayDelete ? (
          <Tooltip title="Eliminar">
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending && remove.variables === initiative._id}
              aria-label={`Eliminar: ${initiative.title}`}
              onClick={() => confirmDelete(initiative)}
            />
          </Tooltip>
        ) : null}
      </Flex>
    );
  };

  // Título and Resumen share what the fixed columns leave; the summary itself stops at 300 px.
  const columns: TableColumnsType<Initiative> = [
    {
      key: 'title',
      title: 'Título',
      dataIndex: 'title',
      render: (title: string, initiative) => (
        <Link to={`/legislative/initiatives/${initiative._id}`} className="initiative-title">
          {title}
        </Link>
      ),
    },
    {
      key: 'summary',
      title: 'Resumen',
      dataIndex: 'summary',
      render: (summary: string) => (
        <Tooltip title={<span className="initiative-summary-full">{summary}</span>} placement="topLeft">
          <span className="initiative-summary" tabIndex={0}>
            {summary}
          </span>
        </Tooltip>
      ),
    },
    { key: 'status', title: 'Estado', dataIndex: 'status', width: 130, render: (status: string) => <InitiativeStatusTag status={status} /> },
    { key: 'votes', title: 'Votos', width: 150, render: (_: unknown, initiative) => <VoteCounts votes={initiative.votes} /> },
    {
      key: 'voting',
      title: 'Votación',
      width: 200,
      render: (_: unknown, initiative) => <VotingSummary initiative={initiative} now={now} onVote={() => voting.show(initiative)} />,
    },
  ];
  if (isAdmin) columns.push({ key: 'actions', title: 'Acciones', width: 144, render: (_: unknown, initiative) => actions(initiative) });

  // Read a page at a time: 'Cargar más' below reads the older ones into the same list.
  const list = initiatives.data?.pages.flat() ?? [];
  const shown = shownPages(initiatives);
  let content;
  if (wide) {
    content = (
      <Table<Initiative>
        rowKey="_id"
        columns={columns}
        dataSource={list}
        loading={initiatives.isPending}
        tableLayout="fixed"
        pagination={false}
        locale={{ emptyText: tableEmptyText(shown, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_INITIATIVES} />) }}
        className="initiatives-table"
      />
    );
  } else if (initiatives.isPending) {
    content = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (list.length > 0) {
    content = (
      <ul className="plain-list initiative-cards" aria-label="Iniciativas">
        {list.map((initiative) => (
          <InitiativeCard
            key={initiative._id}
            initiative={initiative}
            now={now}
            onVote={() => voting.show(initiative)}
            actions={isAdmin ? actions(initiative) : null}
          />
        ))}
      </ul>
    );
  } else if (initiatives.isSuccess) {
    content = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_INITIATIVES} />;
  }

  return (
    <>
      {isAdmin ? (
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => creating.show(null)}>
            Nueva Iniciativa
          </Button>
        </Flex>
      ) : null}
      <QueryErrorAlert queries={shown} />
      {content}
      <LoadMore query={initiatives} />
      <NewInitiativeDialog key={`create-${creating.seq}`} open={creating.open} onClose={creating.hide} body={body} />
      <VoteDialog key={`vote-${voting.seq}`} open={voting.open} onClose={voting.hide} initiative={voting.item} />
      <VotingDialog key={`voting-${configuring.seq}`} open={configuring.open} onClose={configuring.hide} initiative={configuring.item} />
    </>
  );
}

function AgendaCard({ item, isAdmin, deleting, onDelete }: { item: AgendaItem; isAdmin: boolean; deleting: boolean; onDelete: () => void }) {
  const today = item.date === todayISODate();
  return (
    <Card
      className="agenda-card"
      role="article"
      aria-label={item.title}
      title={<span className="agenda-card-title">{item.title}</span>}
      extra={
        isAdmin ? (
          <Tooltip title="Eliminar">
            <Button type="text" danger icon={<DeleteOutlined />} loading={deleting} aria-label={`Eliminar: ${item.title}`} onClick={onDelete} />
          </Tooltip>
        ) : null
      }
      style={{ height: '100%' }}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          {today ? <Tag color="magenta">Hoy</Tag> : null}
          <Typography.Text>
            <CalendarOutlined /> {formatAgendaDate(item.date)}
          </Typography.Text>
          <Typography.Text strong>
            <ClockCircleOutlined /> {item.time}
          </Typography.Text>
        </Flex>
        {item.description ? (
          <Typography.Paragraph type="secondary" className="agenda-description" style={{ margin: 0 }}>
            {item.description}
          </Typography.Paragraph>
        ) : null}
      </Flex>
    </Card>
  );
}

function AgendaPanel({ body, isAdmin, onNotice }: PanelProps) {
  const { modal } = App.useApp();
  const agenda = useAgenda(body);
  const remove = useDeleteAgendaItem();
  const creating = useDialogState<null>(null);

  const confirmDelete = (item: AgendaItem) => {
    void modal.confirm({
      title: DELETE_AGENDA_ITEM_QUESTION,
      content: item.title,
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => {
        onNotice(null);
        return remove.mutateAsync(item._id).then(
          () => onNotice({ type: 'success', text: AGENDA_ITEM_DELETED }),
          (error: Error) => onNotice({ type: 'error', text: error.message }),
        );
      },
    });
  };

  const content = (
    <QueryState queries={agenda} loading={<Card loading />} isEmpty={agenda.data?.length === 0} empty={<Empty description={NO_AGENDA_ITEMS} />}>
      <Row gutter={[16, 16]}>
        {agenda.data?.map((item) => (
          <Col key={item._id} xs={24} md={12} xl={8}>
            <AgendaCard
              item={item}
              isAdmin={isAdmin}
              deleting={remove.isPending && remove.variables === item._id}
              onDelete={() => confirmDelete(item)}
            />
          </Col>
        ))}
      </Row>
    </QueryState>
  );

  return (
    <>
      {isAdmin ? (
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => creating.show(null)}>
            Nuevo Punto
          </Button>
        </Flex>
      ) : null}
      {content}
      <NewAgendaItemDialog key={`agenda-${creating.seq}`} open={creating.open} onClose={creating.hide} body={body} />
    </>
  );
}

function LegislativeSystem() {
  const isAdmin = useIsLegislativeAdmin();
  const { may } = useAuth();
  const [params, setParams] = useSearchParams();
  // Without a chamber in the address, the page opens on the person's own.
  const body = parseBody(params.get('type'), may('voteCongreso') && !may('voteScjn') ? 'Congreso' : 'SCJN');
  const tab: Tab = params.get('tab') === 'agenda' ? 'agenda' : 'initiatives';
  const [notice, setNotice] = useState<Notice | null>(null);

  const go = (nextBody: LegislativeBody, nextTab: Tab) => {
    setNotice(null);
    setParams(new URLSearchParams(legislativeHref(nextBody, nextTab).split('?')[1] ?? ''), { replace: true });
  };

  const panelProps: PanelProps = { body, isAdmin, onNotice: setNotice };

  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <label htmlFor="legislative-body" className="legislative-body-label">
          Entidad
        </label>
        <Select<LegislativeBody>
          id="legislative-body"
          value={body}
          onChange={(next) => go(next, tab)}
          options={LEGISLATIVE_BODIES.map((value) => ({ value, label: bodyLabel(value) }))}
          // Two options need no virtual list; without one, the options the user clicks are the ones named as options.
          virtual={false}
          style={{ width: 240, maxWidth: '100%' }}
        />
      </Flex>
      {notice?.type === 'success' ? (
        <Alert
          key={notice.text}
          type="success"
          showIcon
          title={notice.text}
          closable={{ onClose: () => setNotice(null), 'aria-label': 'Cerrar' }}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <ErrorBanner message={notice?.type === 'error' ? notice.text : null} onClose={() => setNotice(null)} />
      <Card className="legislative-card">
        <Tabs
          activeKey={tab}
          onChange={(next) => go(body, next as Tab)}
          items={[
            { key: 'initiatives', label: 'Iniciativas' },
            { key: 'agenda', label: 'Orden del Día' },
          ]}
        />
        <div role="tabpanel" aria-label={tab === 'agenda' ? 'Orden del Día' : 'Iniciativas'}>
          {tab === 'agenda' ? <AgendaPanel key={body} {...panelProps} /> : <InitiativesPanel key={body} {...panelProps} />}
        </div>
      </Card>
    </>
  );
}

/** The legislative system; its route lets in signed-in legislators only (a visitor is told why on /login). */
export function LegislativePage() {
  return (
    <Page title={PAGE_TITLES['/legislative']} subtitle={PAGE_SUBTITLES['/legislative']}>
      <LegislativeSystem />
    </Page>
  );
}
