import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined } from '@ant-design/icons';
import type { Initiative } from '../../api/types';
import { mayVoteNow, statusColor, statusLabel, VOTE_LABELS, VOTING_FINISHED, VOTING_NO_END, VOTING_NOT_ENABLED, voteLabel, votingState } from './legislativeFormat';

export function InitiativeStatusTag({ status }: { status: string }) {
  return (
    <Tag color={statusColor(status)} style={{ marginInlineEnd: 0 }}>
      {statusLabel(status)}
    </Tag>
  );
}

/** The counts as three small tags: A (a favor), C (en contra), N (abstención). */
export function VoteCounts({ votes }: { votes: Initiative['votes'] }) {
  const counts = [
    { key: 'A', label: VOTE_LABELS.infavor, value: votes.infavor, color: 'green' },
    { key: 'C', label: VOTE_LABELS.against, value: votes.against, color: 'red' },
    { key: 'N', label: VOTE_LABELS.abstention, value: votes.abstention, color: 'default' },
  ];
  return (
    <Flex gap={4} wrap role="group" aria-label={counts.map((c) => `${c.label}: ${c.value}`).join(', ')}>
      {counts.map((c) => (
        <Tooltip key={c.key} title={c.label}>
          <Tag color={c.color} style={{ marginInlineEnd: 0 }} aria-hidden>
            {c.key} {c.value}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

/** The caller's vote, once cast. */
export function YourVote({ initiative }: { initiative: Initiative }) {
  if (!initiative.userVoted || !initiative.userVoteType) return null;
  return (
    <Typography.Text type="success" className="legislative-your-vote">
      <CheckCircleOutlined /> Tu voto: {voteLabel(initiative.userVoteType)}
    </Typography.Text>
  );
}

interface VotingSummaryProps {
  initiative: Initiative;
  now: number;
  onVote: () => void;
}

/**
 * The Votación cell: the time left (or Finalizada, or why there is none), then the vote
 * button for whoever the server lets vote, or the caller's vote once cast.
 */
export function VotingSummary({ initiative, now, onVote }: VotingSummaryProps) {
  const state = votingState(initiative, now);
  const quiet = state === VOTING_FINISHED || state === VOTING_NOT_ENABLED;
  return (
    <Flex vertical gap={6} align="flex-start">
      <Typography.Text type={quiet ? 'secondary' : undefined} className="legislative-time-left">
        {quiet || state === VOTING_NO_END ? (
          state
        ) : (
          <>
            <ClockCircleOutlined /> {state}
          </>
        )}
      </Typography.Text>
      {mayVoteNow(initiative, now) ? (
        <Button type="primary" size="small" onClick={onVote} aria-label={`Votar: ${initiative.title}`}>
          Votar
        </Button>
      ) : (
        <YourVote initiative={initiative} />
      )}
    </Flex>
  );
}
