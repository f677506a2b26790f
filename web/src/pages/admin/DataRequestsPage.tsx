import { useState } from 'react';
import { Alert, Button, Flex, Space, Tag, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { labelMap, listOf, pluralOf } from '../../api/labels';
import {
  DATA_REQUESTS_PAGE_SIZE,
  useAnswerDataRequest,
  useHandledDataRequests,
  type DataRequestState,
  type HandledDataRequest,
} from '../../api/personalData';
import { DATA_REQUEST_STATES } from '../../api/serverConstants.gen';
import { BackToDashboard } from '../../components/BackToDashboard';
import { DataRequestDeadline, DataRequestStateTag, MINOR_BADGE, dataRequestKindLabel, dataUseLabels } from '../../components/dataRequests';
import { formatDate } from '../../components/dates';
import { FilterTabs } from '../../components/FilterTabs';
import { Page } from '../../components/Page';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { PAGE_SUBTITLES } from '../../pageSubtitles';
import { PAGE_TITLES } from '../../pageTitles';
import { AnswerDataRequestDialog, type AnswerTarget } from './AnswerDataRequestDialog';

export const DATA_REQUESTS_TITLE = PAGE_TITLES['/admin/datos'];
export const STATE_TABS_LABEL = 'Estado de las solicitudes';

const STATE_LABEL = labelMap(DATA_REQUEST_STATES);
const STATE_TABS = DATA_REQUEST_STATES.map(({ value, label }) => ({ key: value, label: pluralOf(label) }));

const wrap = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 } as const;

/** Who filed it: their name, else their Discord id, and whether they said they are under 18. */
const requesterName = (request: HandledDataRequest) => request.requester.name || request.discordId;

function Requester({ request }: { request: HandledDataRequest }) {
  return (
    <Flex vertical gap={2} align="flex-start">
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {requesterName(request)}
      </Typography.Text>
      {request.requester.name ? <Typography.Text type="secondary">{request.discordId}</Typography.Text> : null}
      {request.requester.minor ? <Tag color="purple">{MINOR_BADGE}</Tag> : null}
    </Flex>
  );
}

/** The request itself: its kind, the uses an opposition names, and the reason in full. */
function RequestText({ request }: { request: HandledDataRequest }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{dataRequestKindLabel(request.kind)}</Typography.Text>
      {request.uses.length > 0 ? <Typography.Text type="secondary">Usos: {listOf(dataUseLabels(request.uses))}</Typography.Text> : null}
      <Typography.Paragraph style={wrap}>{request.reason}</Typography.Paragraph>
    </Flex>
  );
}

/** A pending request's deadline; an answered one's state, date and answer. */
function Deadline({ request }: { request: HandledDataRequest }) {
  if (request.state === 'pendiente') return <DataRequestDeadline request={request} />;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Flex gap={8} wrap align="center">
        <DataRequestStateTag state={request.state} />
        {request.answeredAt ? <time dateTime={request.answeredAt}>{formatDate(request.answeredAt)}</time> : null}
      </Flex>
      {request.answer ? <Typography.Paragraph style={wrap}>{request.answer}</Typography.Paragraph> : null}
    </Flex>
  );
}

/**
 * The handlers' desk (handleDataRequests): the members' requests about their data by state,
 * pending ones by deadline, each answered once with an approval or a refusal and its reasons.
 */
export function DataRequestsPage() {
  const [state, setState] = useState<DataRequestState>('pendiente');
  const [page, setPage] = useState(1);
  const list = useHandledDataRequests(state, page);
  const answer = useAnswerDataRequest();
  const [target, setTarget] = useState<AnswerTarget | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  const openAnswer = (request: HandledDataRequest, approve: boolean) => {
    setOutcome(null);
    answer.reset();
    setTarget({ id: request.id, name: requesterName(request), kind: request.kind, uses: request.uses, approve });
    setDialogOpen(true);
  };

  const send = (text: string) => {
    if (!target) return;
    answer.mutate(
      { id: target.id, approve: target.approve, answer: text },
      {
        onSuccess: () => {
          setDialogOpen(false);
          setOutcome(`Solicitud de ${target.name} ${target.approve ? 'aprobada' : 'rechazada'}.`);
        },
      },
    );
  };

  const columns: TableColumnsType<HandledDataRequest> = [
    { key: 'requester', title: 'Solicitante', render: (_: unknown, request: HandledDataRequest) => <Requester request={request} /> },
    { key: 'request', title: 'Solicitud', render: (_: unknown, request: HandledDataRequest) => <RequestText request={request} /> },
    {
      key: 'filed',
      title: 'Presentada',
      render: (_: unknown, request: HandledDataRequest) => (
        <time dateTime={request.filedAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(request.filedAt)}
        </time>
      ),
    },
    { key: 'deadline', title: state === 'pendiente' ? 'Plazo' : 'Respuesta', render: (_: unknown, request: HandledDataRequest) => <Deadline request={request} /> },
    ...(state === 'pendiente'
      ? [
          {
            key: 'actions',
            title: 'Acciones',
            render: (_: unknown, request: HandledDataRequest) => (
              <Space wrap>
                <Button type="primary" size="small" onClick={() => openAnswer(request, true)} aria-label={`Aprobar la solicitud de ${requesterName(request)}`}>
                  Aprobar
                </Button>
                <Button danger size="small" onClick={() => openAnswer(request, false)} aria-label={`Rechazar la solicitud de ${requesterName(request)}`}>
                  Rechazar
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const total = list.data?.total ?? 0;
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: DATA_REQUESTS_PAGE_SIZE,
    total,
    showSizeChanger: false,
    hideOnSinglePage: true,
    showTotal: (count) => (count === 1 ? '1 solicitud' : `${count} solicitudes`),
    onChange: (next) => setPage(next),
  };

  return (
    <Page title={DATA_REQUESTS_TITLE} subtitle={PAGE_SUBTITLES['/admin/datos']}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      <FilterTabs
        items={STATE_TABS}
        value={state}
        label={STATE_TABS_LABEL}
        onChange={(next) => {
          setState(next);
          setPage(1);
        }}
      />
      <div style={{ marginTop: 16 }}>
        <QueryErrorAlert queries={list} />
        {outcome ? (
          <Alert type="success" showIcon title={outcome} closable={{ onClose: () => setOutcome(null), 'aria-label': 'Cerrar' }} style={{ marginBottom: 12 }} />
        ) : null}
        <ResponsiveTable<HandledDataRequest>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching && !list.isError}
          locale={{ emptyText: tableEmptyText(list, `No hay solicitudes ${pluralOf(STATE_LABEL[state]).toLowerCase()}.`) }}
          pagination={pagination}
        />
      </div>
      <AnswerDataRequestDialog
        open={dialogOpen}
        target={target}
        sending={answer.isPending}
        error={answer.error?.message}
        onDismissError={() => answer.reset()}
        onSend={send}
        onClose={() => setDialogOpen(false)}
      />
    </Page>
  );
}
