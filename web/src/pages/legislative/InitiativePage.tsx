import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Row, Statistic, Tag, Timeline, Typography, theme, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useInitiativeRecord, useIsLegislativeAdmin } from '../../api/legislative';
import type { Initiative, InitiativeEvent, InitiativeMemberVote, VoteType } from '../../api/types';
import { formatDateTime } from '../../components/dates';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert } from '../../components/QueryState';
import { ChartBody, type ChartData } from '../../components/charts';
import { InitiativeStatusTag, VotingSummary } from './InitiativeParts';
import { VoteDialog } from './LegislativeDialogs';
import { bodyLabel, eventLabel, legislativeHref, statusLabel, VOTE_LABELS, voteLabel } from './legislativeFormat';
import { useDialogState } from './useDialogState';
import { useNow } from '../../components/useNow';
import { WithdrawButton, useWithdrawConfirmation, type Notice } from './WithdrawInitiative';
import { ResponsiveTable } from '../../components/ResponsiveTable';

export const INITIATIVE_NOT_FOUND = 'No existe esa iniciativa.';
export const NO_VOTES_YET = 'Aún no hay votos';

const EVENT_COLORS: Record<InitiativeEvent['kind'], string> = {
  created: 'gray',
  voting_opened: 'blue',
  voting_stopped: 'orange',
  closed: 'green',
  withdrawn: '#d97706',
};

const VOTE_COLORS: Record<VoteType, string> = { infavor: 'green', against: 'red', abstention: 'default' };

const tallyCount = new Intl.NumberFormat('es-MX');

/** The tally as bars, a favor in the theme's green and en contra in its red; none before the first vote. */
export function tallyChart(votes: Initiative['votes']): ChartData | null {
  const values = [votes.infavor, votes.against, votes.abstention];
  if (values.every((value) => !value)) return null;
  return {
    kind: 'bar',
    categories: [VOTE_LABELS.infavor, VOTE_LABELS.against, VOTE_LABELS.abstention],
    series: [{ key: 'votes', name: 'Votos', values }],
    format: (value) => tallyCount.format(value),
    tones: ['success', 'error', 'neutral'],
  };
}

function BackLink({ initiative }: { initiative?: Initiative }) {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(initiative ? legislativeHref(initiative.type) : '/legislative')}>
      Volver al Sistema Legislativo
    </Button>
  );
}

function InitiativeTimeline({ events }: { events: InitiativeEvent[] }) {
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin movimientos" />;
  return (
    <Timeline
      items={events.map((event, index) => ({
        key: index,
        color: EVENT_COLORS[event.kind] ?? 'gray',
        content: (
          <Flex vertical gap={2} className="initiative-event">
            <Typography.Text strong>{eventLabel(event.kind)}</Typography.Text>
            {event.detail ? <Typography.Text>{event.detail}</Typography.Text> : null}
            <Typography.Text type="secondary">
              {[event.actor, formatDateTime(event.at)].filter((part) => part !== '').join(' · ')}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}

function MemberVotes({ votes }: { votes: InitiativeMemberVote[] }) {
  // On a phone the date goes under the member's name: three columns do not fit.
  const wide = useScreens().sm ?? false;
  const columns: TableColumnsType<InitiativeMemberVote> = [
    {
      key: 'member',
      title: 'Miembro',
      dataIndex: 'memberName',
      render: (name: string, vote) => (
        <Flex vertical>
          <span>{name || vote.memberId}</span>
          {wide ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(vote.at)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'vote',
      title: 'Voto',
      dataIndex: 'voteType',
      width: 120,
      render: (type: VoteType) => <Tag color={VOTE_COLORS[type] ?? 'default'}>{voteLabel(type)}</Tag>,
    },
  ];
  if (wide) columns.push({ key: 'at', title: 'Fecha', dataIndex: 'at', width: 180, render: (at: string) => formatDateTime(at) });
  return (
    <ResponsiveTable<InitiativeMemberVote>
      rowKey="memberId"
      size="small"
      columns={columns}
      dataSource={votes}
      pagination={false}
      tableLayout="fixed"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_VOTES_YET} /> }}
    />
  );
}

export function InitiativePage() {
  const { id = '' } = useParams();
  const initiativeId = /^\d+$/.test(id) ? Number(id) : 0;
  const record = useInitiativeRecord(initiativeId, initiativeId > 0);
  const isAdmin = useIsLegislativeAdmin();
  const now = useNow();
  const voting = useDialogState<Initiative | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const withdrawal = useWithdrawConfirmation(setNotice);
  const { token } = theme.useToken();
  const wide = useScreens().lg ?? false;

  if (initiativeId === 0) {
    return (
      <Page title={PAGE_TITLES['/legislative/initiatives/:id']}>
        <ErrorBanner message={INITIATIVE_NOT_FOUND} />
        <BackLink />
      </Page>
    );
  }
  if (record.isPending) return <Loading />;
  if (record.isError) {
    return (
      <Page title={PAGE_TITLES['/legislative/initiatives/:id']}>
        <QueryErrorAlert queries={record} />
        <BackLink />
      </Page>
    );
  }

  const { initiative, timeline, votes } = record.data;
  const end = initiative.votingEnabled && initiative.votingEndDate ? formatDateTime(initiative.votingEndDate) : null;
  // A withdrawn initiative keeps the result its vote had; the status no longer says it.
  const tally = tallyChart(initiative.votes);
  const keptResult = initiative.status === 'withdrawn' && initiative.result ? statusLabel(initiative.result) : null;

  const textCard = (
    <Card title="Texto de la iniciativa">
      <Typography.Paragraph className="initiative-text" style={{ margin: 0 }}>
        {initiative.summary}
      </Typography.Paragraph>
    </Card>
  );
  const votesCard =
    isAdmin && votes ? (
      <Card title="Votos emitidos" styles={{ body: { padding: 0 } }}>
        <MemberVotes votes={votes} />
      </Card>
    ) : null;
  const votingCard = (
    <Card title="Votación">
      <Row gutter={8} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Statistic title={VOTE_LABELS.infavor} value={initiative.votes.infavor} styles={{ content: { color: token.colorSuccess } }} />
        </Col>
        <Col span={8}>
          <Statistic title={VOTE_LABELS.against} value={initiative.votes.against} styles={{ content: { color: token.colorError } }} />
        </Col>
        <Col span={8}>
          <Statistic title={VOTE_LABELS.abstention} value={initiative.votes.abstention} />
        </Col>
      </Row>
      {tally ? (
        <div style={{ marginBottom: 16 }}>
          <ChartBody title="Resultado de la votación" data={tally} categoryLabel="Voto" height={180} />
        </div>
      ) : null}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'left', label: 'Tiempo restante', children: <VotingSummary initiative={initiative} now={now} onVote={() => voting.show(initiative)} /> },
          ...(end ? [{ key: 'end', label: 'Cierre', children: end }] : []),
          ...(keptResult ? [{ key: 'result', label: 'Resultado', children: keptResult }] : []),
        ]}
      />
    </Card>
  );
  const historyCard = (
    <Card title="Historial">
      <InitiativeTimeline events={timeline} />
    </Card>
  );

  return (
    <section className="page initiative-page">
      <Flex style={{ marginBottom: 16 }}>
        <BackLink initiative={initiative} />
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
      <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
        <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
          {bodyLabel(initiative.type)}
        </Tag>
        <InitiativeStatusTag status={initiative.status} />
        <span style={{ marginInlineStart: 'auto' }}>
          <WithdrawButton initiative={initiative} loading={withdrawal.withdrawing(initiative)} onClick={() => withdrawal.confirm(initiative)} />
        </span>
      </Flex>
      <Typography.Title level={1} style={{ marginTop: 0 }} className="page-title initiative-heading">
        {initiative.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Presentada por {initiative.createdBy || 'la administración'} · {formatDateTime(initiative.createdAt)}
      </Typography.Paragraph>

      {wide ? (
        <Row gutter={[16, 16]}>
          <Col span={15}>
            <Flex vertical gap={16}>
              {textCard}
              {votesCard}
            </Flex>
          </Col>
          <Col span={9}>
            <Flex vertical gap={16}>
              {votingCard}
              {historyCard}
            </Flex>
          </Col>
        </Row>
      ) : (
        // One column: the vote comes right after the text, before the list of who voted.
        <Flex vertical gap={16}>
          {textCard}
          {votingCard}
          {votesCard}
          {historyCard}
        </Flex>
      )}
      <VoteDialog key={`vote-${voting.seq}`} open={voting.open} onClose={voting.hide} initiative={voting.item} />
    </section>
  );
}
