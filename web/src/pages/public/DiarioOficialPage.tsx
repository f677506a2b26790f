import { useState } from 'react';
import { Card, Empty, Flex, Input, Pagination, Tag, Typography } from 'antd';
import { useLaws, type Law } from '../../api/diarioOficial';
import { labelMap } from '../../api/labels';
import { INITIATIVE_STATUSES } from '../../api/serverConstants.gen';
import { formatDate } from '../../components/dates';
import { Loading } from '../../components/Loading';
import { formatTotal, paginatedTotal } from '../../components/pagedTotal';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';
import { RequestRegion, useAppRunning } from '../../ssr/browserOnly';

export const DIARIO_OFICIAL_TITLE = PAGE_TITLES['/diario-oficial'];
export const NO_LAWS_TEXT = 'Aún no se ha aprobado ninguna ley';
export const NO_MATCHING_LAWS_TEXT = 'Ninguna ley coincide con la búsqueda';
export const LAWS_PAGE_SIZE = 10;
/** A law's words, which the server writes too for the first paint (webapi/document_slots.go). */
export const LAW_WORDS = {
  presented: 'Presentada el',
  approved: 'Aprobada el',
  inFavor: 'a favor',
  against: 'en contra',
  abstention: 'abstención',
  abstentions: 'abstenciones',
};

/** Every law here is an approved initiative, tagged as the legislative panel tags it. */
const APPROVED_LABEL = labelMap(INITIATIVE_STATUSES).approved;

function lawsCounted(total: number, capped: boolean): string {
  return total === 1 && !capped ? '1 ley' : `${formatTotal(total, capped)} leyes`;
}

function abstentions(count: number): string {
  return count === 1 ? LAW_WORDS.abstention : LAW_WORDS.abstentions;
}

/** One published law: its text, dates and result with the tally; never who voted what. */
function LawCard({ law }: { law: Law }) {
  const headingId = `ley-${law._id}`;
  return (
    <Card>
      <article aria-labelledby={headingId}>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
          <Tag color="green">{APPROVED_LABEL}</Tag>
          <Tag>{law.bodyName}</Tag>
        </Flex>
        <Typography.Title level={2} id={headingId} style={{ marginTop: 0, fontSize: 20 }}>
          {law.title}
        </Typography.Title>
        <Flex gap={16} wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">
            {LAW_WORDS.presented} <time dateTime={law.presentedAt}>{formatDate(law.presentedAt)}</time>
          </Typography.Text>
          <Typography.Text type="secondary">
            {LAW_WORDS.approved} <time dateTime={law.approvedAt}>{formatDate(law.approvedAt)}</time>
          </Typography.Text>
          <Typography.Text type="secondary" aria-label={`Resultado: ${law.votes.infavor} ${LAW_WORDS.inFavor}, ${law.votes.against} ${LAW_WORDS.against}, ${law.votes.abstention} ${abstentions(law.votes.abstention)}`}>
            {law.votes.infavor} {LAW_WORDS.inFavor} · {law.votes.against} {LAW_WORDS.against} · {law.votes.abstention} {abstentions(law.votes.abstention)}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>{law.text}</Typography.Paragraph>
      </article>
    </Card>
  );
}

export function DiarioOficialPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const appRunning = useAppRunning();
  const laws = useLaws({ q: search, page, limit: LAWS_PAGE_SIZE });
  const list = laws.data?.laws ?? [];

  let body;
  if (laws.isPending) body = <Loading />;
  else if (laws.isError) body = <QueryErrorAlert queries={laws} />;
  else if (list.length === 0) body = <Empty description={search ? NO_MATCHING_LAWS_TEXT : NO_LAWS_TEXT} />;
  else
    body = (
      <Flex vertical gap={16}>
        {list.map((law) => (
          <LawCard key={law._id} law={law} />
        ))}
        <Pagination
          align="center"
          current={page}
          pageSize={LAWS_PAGE_SIZE}
          total={paginatedTotal({ total: laws.data?.total ?? 0, capped: laws.data?.totalCapped, page, pageSize: LAWS_PAGE_SIZE, shown: list.length })}
          showTotal={() => lawsCounted(laws.data?.total ?? 0, laws.data?.totalCapped ?? false)}
          onChange={setPage}
          hideOnSinglePage={false}
        />
      </Flex>
    );

  return (
    <Page
      title={DIARIO_OFICIAL_TITLE}
      subtitle="Las leyes que aprobaron la SCJN y la Cámara de Diputados: su texto, sus fechas y el resultado de la votación. Nunca se publica quién votó qué."
    >
      <Flex style={{ marginBottom: 16 }}>
        {/* Typed into before the app runs, a search would be lost: the page's HTML holds the box
            disabled until then (e2e/first-paint.spec.ts). */}
        <Input.Search
          aria-label="Buscar leyes"
          placeholder="Buscar en el título o el texto"
          allowClear
          maxLength={100}
          disabled={!appRunning}
          onSearch={(text) => {
            setSearch(text.trim());
            setPage(1);
          }}
          style={{ width: 360, maxWidth: '100%' }}
        />
      </Flex>
      {/* The first page of laws is written into the page by the server (webapi/document_slots.go). */}
      <RequestRegion slot="laws" className="laws-slot" fallback={<Loading />}>
        {body}
      </RequestRegion>
    </Page>
  );
}
