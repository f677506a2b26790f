import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { DeleteOutlined, RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import {
  deliveryKeys,
  useDeliveries,
  useDiscardDelivery,
  useRetryAllDeliveries,
  useRetryDelivery,
  useRetryDeliveryGroup,
  type BlockedGroup,
  type Delivery,
  type DeliveryState,
  type DeliveryStatus,
} from '../../api/deliveries';
import { labelOf, listOf, pluralOf } from '../../api/labels';
import { DELIVERY_BLOCKED_RETRY, DELIVERY_KINDS, DELIVERY_STATUSES } from '../../api/serverConstants.gen';
import { BackToDashboard } from '../../components/BackToDashboard';
import { ErrorBanner } from '../../components/ErrorBanner';
import { formatDateTime } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import { useServerPagination } from '../../components/useServerPagination';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { BlockedGroups, groupKey, RETRY_GROUP_QUESTION, retryGroupWarning } from './BlockedGroups';

export const DELIVERIES_TITLE = PAGE_TITLES['/admin/deliveries'];
export const NO_DELIVERIES_TEXT = 'Todo llegó a Discord: no hay entregas en este estado.';
export const DISCARD_QUESTION = '¿Descartar esta entrega?';
export const DELIVERIES_FORBIDDEN_TITLE = 'Acceso restringido';
export const DEFAULT_PAGE_SIZE = 25;

const STATUS_COLORS: Record<DeliveryStatus, string> = {
  pending: 'processing',
  blocked: 'warning',
  failed: 'error',
  discarded: 'default',
  skipped: 'default',
  delivered: 'success',
};

/** Each status as operators read it (the server's words), with the colour of its tag. */
export const STATUS_LABELS = Object.fromEntries(
  DELIVERY_STATUSES.map(({ value, label }) => [value, { label, color: STATUS_COLORS[value] }]),
) as Record<DeliveryStatus, { label: string; color: string }>;

/** What has not reached Discord and still may, which an operator can act on: the server's `waiting` filter. */
const ACTIONABLE: readonly DeliveryStatus[] = ['pending', 'blocked', 'failed'];

const pluralLabel = (status: DeliveryStatus) => pluralOf(STATUS_LABELS[status].label);

const STATE_OPTIONS: { value: DeliveryState; label: string }[] = [
  { value: 'waiting', label: `Sin entregar (${listOf(ACTIONABLE.map((status) => pluralLabel(status).toLowerCase()))})` },
  ...(['pending', 'blocked', 'failed', 'discarded'] as const).map((status) => ({ value: status, label: pluralLabel(status) })),
];

function StatusTag({ status }: { status: DeliveryStatus }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}

function Moment({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      <time dateTime={value}>{formatDateTime(value)}</time>
    </div>
  );
}

/** How many events wait in each state an operator acts on. */
function Counts({ counts }: { counts: Record<'pending' | 'blocked' | 'failed' | 'discarded', number> }) {
  return (
    <Flex gap={8} wrap aria-label="Entregas por estado">
      {(['pending', 'blocked', 'failed', 'discarded'] as const).map((status) => (
        <Tag key={status} color={counts[status] > 0 ? STATUS_LABELS[status].color : 'default'}>
          {STATUS_LABELS[status].label}: {counts[status]}
        </Tag>
      ))}
    </Flex>
  );
}

/** A delivery's state, with Discord's reason under it. */
function State({ delivery }: { delivery: Delivery }) {
  return (
    <Flex vertical gap={4} align="flex-start" style={{ minWidth: 0 }}>
      <StatusTag status={delivery.status} />
      {delivery.reason ? (
        <Typography.Paragraph
          style={{ marginBottom: 0, overflowWrap: 'anywhere', maxWidth: 360 }}
          ellipsis={{ rows: 3, expandable: true, symbol: 'ver más' }}
        >
          {delivery.reason}
        </Typography.Paragraph>
      ) : null}
    </Flex>
  );
}

function Deliveries() {
  const { modal, message } = App.useApp();
  const wide = useScreens().md ?? true;
  const queryClient = useQueryClient();
  const [state, setState] = useState<DeliveryState>('waiting');
  const { page, pageSize, setPage, pagination } = useServerPagination(DEFAULT_PAGE_SIZE, (total) =>
    (total === 1 ? '1 entrega' : `${total} entregas`),
  );
  const list = useDeliveries({ state, page, limit: pageSize });
  const retry = useRetryDelivery();
  const discard = useDiscardDelivery();
  const retryAll = useRetryAllDeliveries();
  const retryGroup = useRetryDeliveryGroup();
  const [actionError, setActionError] = useState<string | null>(null);

  if (list.error instanceof ApiError && list.error.status === 403) {
    return <Alert type="warning" showIcon title={DELIVERIES_FORBIDDEN_TITLE} description={list.error.message} />;
  }

  const onError = (err: Error) => setActionError(err.message);
  const onDone = (answer: { message: string }) => void message.success(answer.message);

  const retryOne = (delivery: Delivery) => {
    setActionError(null);
    retry.mutate({ id: delivery.id, expectedStatus: delivery.status }, { onSuccess: onDone, onError });
  };

  const confirmDiscard = (delivery: Delivery) => {
    void modal.confirm({
      title: DISCARD_QUESTION,
      content: `«${delivery.summary}» no se enviará a Discord y su canal (${delivery.channelName}) seguirá con lo demás. No se puede deshacer.`,
      okText: 'Descartar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () => {
        setActionError(null);
        discard.mutate({ id: delivery.id, expectedStatus: delivery.status }, { onSuccess: onDone, onError });
      },
    });
  };

  const confirmGroupRetry = (group: BlockedGroup) => {
    void modal.confirm({
      title: RETRY_GROUP_QUESTION,
      content: retryGroupWarning(group),
      okText: 'Reintentar',
      cancelText: 'Cancelar',
      onOk: () => {
        setActionError(null);
        retryGroup.mutate({ lane: group.lane, reason: group.reason }, { onSuccess: onDone, onError });
      },
    });
  };

  const counts = list.data?.counts;
  const stuck = counts ? counts.blocked + counts.failed : 0;

  const actions = (delivery: Delivery) =>
    ACTIONABLE.includes(delivery.status) ? (
      <Flex gap={8} wrap>
        <Button
          size="small"
          icon={<RedoOutlined />}
          loading={retry.isPending && retry.variables?.id === delivery.id}
          onClick={() => retryOne(delivery)}
          aria-label={`Reintentar la entrega ${delivery.id}`}
        >
          Reintentar
        </Button>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          loading={discard.isPending && discard.variables?.id === delivery.id}
          onClick={() => confirmDiscard(delivery)}
          aria-label={`Descartar la entrega ${delivery.id}`}
        >
          Descartar
        </Button>
      </Flex>
    ) : null;

  // On a phone the state, the reason and the actions go under the delivery itself, so
  // nothing an operator needs hides behind a sideways scroll.
  const columns: TableColumnsType<Delivery> = [
    {
      key: 'what',
      title: 'Entrega',
      render: (_: unknown, delivery: Delivery) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {delivery.summary}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            #{delivery.id} · {labelOf(DELIVERY_KINDS, delivery.kind)} · {delivery.channelName}
            {delivery.channelName !== delivery.channelId ? ` (${delivery.channelId})` : ''}
          </Typography.Text>
          {wide ? null : (
            <Flex vertical gap={6} style={{ marginTop: 6 }}>
              <State delivery={delivery} />
              {actions(delivery)}
            </Flex>
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: 'Estado y motivo',
      responsive: ['md'],
      render: (_: unknown, delivery: Delivery) => <State delivery={delivery} />,
    },
    {
      key: 'attempts',
      title: 'Intentos',
      responsive: ['xl'],
      render: (_: unknown, delivery: Delivery) => (
        <>
          <div>{delivery.attempts === 1 ? '1 intento' : `${delivery.attempts} intentos`}</div>
          <Moment label="Creada" value={delivery.createdAt} />
          <Moment label="Próximo intento" value={ACTIONABLE.includes(delivery.status) ? delivery.nextAttemptAt : null} />
        </>
      ),
    },
    { key: 'actions', title: 'Acciones', responsive: ['md'], render: (_: unknown, delivery: Delivery) => actions(delivery) },
  ];

  return (
    <Card>
      <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center" style={{ minWidth: 0, maxWidth: '100%' }}>
          <Select<DeliveryState>
            aria-label="Filtrar por estado"
            value={state}
            onChange={(next) => {
              setState(next);
              setPage(1);
            }}
            options={STATE_OPTIONS}
            style={{ width: 320, maxWidth: '100%' }}
          />
          {counts ? <Counts counts={counts} /> : null}
        </Flex>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            icon={<RedoOutlined />}
            disabled={stuck === 0}
            loading={retryAll.isPending}
            onClick={() => {
              setActionError(null);
              retryAll.mutate(undefined, { onSuccess: onDone, onError });
            }}
          >
            Reintentar todas
          </Button>
          <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries({ queryKey: deliveryKeys.all })} loading={list.isFetching}>
            Actualizar
          </Button>
        </Flex>
      </Flex>
      <QueryErrorAlert queries={list} />
      <ErrorBanner message={actionError} onClose={() => setActionError(null)} />
      <BlockedGroups
        groups={list.data?.blockedGroups ?? []}
        retrying={retryGroup.isPending && retryGroup.variables ? groupKey(retryGroup.variables) : null}
        onRetry={confirmGroupRetry}
      />
      <ResponsiveTable<Delivery>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.deliveries ?? []}
        loading={list.isFetching && !list.isError}
        locale={{
          emptyText: tableEmptyText(list, <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DELIVERIES_TEXT} />),
        }}
        pagination={pagination(list.data?.total ?? 0)}
      />
    </Card>
  );
}

/** A wait in words: "10 minutos", "una hora", "2 horas". */
function span(minutes: number): string {
  if (minutes % 60 !== 0) return minutes === 1 ? 'un minuto' : `${minutes} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? 'una hora' : `${hours} horas`;
}

export function DeliveriesPage() {
  return (
    <Page
      title={DELIVERIES_TITLE}
      subtitle={`Lo que el portal manda a Discord y aún no llega: por qué, y qué hacer. Una entrega bloqueada detiene solo a su canal y se reintenta sola, a los ${span(DELIVERY_BLOCKED_RETRY.firstMinutes)} y luego con esperas que se duplican hasta ${span(DELIVERY_BLOCKED_RETRY.longestMinutes)}; al corregir la causa (un permiso, un canal) puedes reintentarla ya, sola o con todo su grupo.`}
    >
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      <Deliveries />
    </Page>
  );
}
