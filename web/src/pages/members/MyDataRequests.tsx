import { Flex, Typography } from 'antd';
import { listOf } from '../../api/labels';
import { useMyDataRequests, type DataRequest } from '../../api/personalData';
import { formatDate } from '../../components/dates';
import { DataRequestDeadline, DataRequestStateTag, dataRequestKindLabel, dataUseLabels } from '../../components/dataRequests';
import { QueryState } from '../../components/QueryState';

export const MY_REQUESTS_TITLE = 'Tus solicitudes';
export const NO_REQUESTS_TEXT = 'No has presentado solicitudes.';

const wrap = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 } as const;

/** One request: its kind and state, when it was filed, its deadline or its answer, and what a cancellation keeps. */
function RequestItem({ request }: { request: DataRequest }) {
  const kind = dataRequestKindLabel(request.kind);
  const pending = request.state === 'pendiente';
  return (
    <li aria-label={`Solicitud de ${kind}`} style={{ paddingBlock: 12, borderBottom: '1px solid var(--ant-color-split, rgba(5, 5, 5, 0.06))' }}>
      <Flex vertical gap={4}>
        <Flex gap={8} wrap align="center">
          <Typography.Text strong>{kind}</Typography.Text>
          <DataRequestStateTag state={request.state} />
          <Typography.Text type="secondary">
            Presentada el <time dateTime={request.filedAt}>{formatDate(request.filedAt)}</time>
          </Typography.Text>
        </Flex>
        {pending ? <DataRequestDeadline request={request} /> : null}
        {request.uses.length > 0 ? <Typography.Text type="secondary">Usos: {listOf(dataUseLabels(request.uses))}</Typography.Text> : null}
        <Typography.Paragraph type="secondary" style={wrap}>
          {request.reason}
        </Typography.Paragraph>
        {!pending && request.answer ? (
          <Typography.Paragraph style={wrap}>
            <Typography.Text strong>
              Respuesta{request.answeredAt ? <> del <time dateTime={request.answeredAt}>{formatDate(request.answeredAt)}</time></> : null}:{' '}
            </Typography.Text>
            {request.answer}
          </Typography.Paragraph>
        ) : null}
        {request.kind === 'cancelacion' && request.state === 'aprobada' && request.kept.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label="Lo que se conserva">
            {request.kept.map((kept) => (
              <li key={kept.title}>
                Se conserva: {kept.title} — {kept.why}
              </li>
            ))}
          </ul>
        ) : null}
      </Flex>
    </li>
  );
}

/** "Tus solicitudes": the member's requests, newest first. */
export function MyDataRequests() {
  const requests = useMyDataRequests();
  const list = requests.data ?? [];
  return (
    <section aria-label={MY_REQUESTS_TITLE}>
      <Typography.Title level={3} className="title-size-5">
        {MY_REQUESTS_TITLE}
      </Typography.Title>
      <QueryState queries={requests} isEmpty={list.length === 0} empty={NO_REQUESTS_TEXT}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
