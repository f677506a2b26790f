import { labelMap, labelOf, valuesOf } from '../../api/labels';
import { INITIATIVE_EVENT_KINDS, INITIATIVE_STATUSES, LEGISLATIVE_BODIES as BODY_TABLE, VOTE_CHOICES } from '../../api/serverConstants.gen';
import { formatDuration } from '../../components/duration';
import type { Initiative, InitiativeStatus, LegislativeBody, VoteType } from '../../api/types';
import { dateFormat, toCommunityDateTimeLocal, todayDay } from '../../components/dates';

export const LEGISLATIVE_BODIES: readonly LegislativeBody[] = valuesOf(BODY_TABLE);

const BODY_LABELS: Record<LegislativeBody, string> = labelMap(BODY_TABLE);

export function bodyLabel(body: LegislativeBody): string {
  return BODY_LABELS[body];
}

/** The body named in a query string value; SCJN when absent or unknown. */
export function parseBody(value: string | null, own: LegislativeBody = 'SCJN'): LegislativeBody {
  return LEGISLATIVE_BODIES.find((body) => body === value) ?? own;
}

export type LegislativeTab = 'initiatives' | 'agenda';

/** The address of the legislative system showing the given body and tab. */
export function legislativeHref(body: LegislativeBody, tab: LegislativeTab = 'initiatives'): string {
  const params = new URLSearchParams();
  if (body !== 'SCJN') params.set('type', body);
  if (tab !== 'initiatives') params.set('tab', tab);
  const search = params.toString();
  return search ? `/legislative?${search}` : '/legislative';
}

const STATUS_COLORS: Record<InitiativeStatus, string> = {
  pending: 'default',
  voting: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'warning',
};

/** The Spanish name of an initiative's status; an unknown value is shown as it comes. */
export function statusLabel(status: string): string {
  return labelOf(INITIATIVE_STATUSES, status);
}

export function statusColor(status: string): string {
  return STATUS_COLORS[status as InitiativeStatus] ?? 'default';
}

export const VOTE_TYPES: readonly VoteType[] = valuesOf(VOTE_CHOICES);

/** Each choice of a vote as the server names it. */
export const VOTE_LABELS: Record<VoteType, string> = labelMap(VOTE_CHOICES);

export function voteLabel(voteType: string): string {
  return labelOf(VOTE_CHOICES, voteType);
}

export const VOTING_FINISHED = 'Finalizada';
export const VOTING_NOT_ENABLED = 'Sin votación';
export const VOTING_NO_END = 'Sin fecha de cierre';

const MINUTE = 60_000;

export const UNDER_A_MINUTE = 'menos de 1 min';

/**
 * The time left until `end` in whole minutes, as every duration of the portal reads ('23 h 59 min',
 * '72 h', '5 min'), 'menos de 1 min' in the last minute, or 'Finalizada' once past.
 */
export function formatTimeLeft(end: string, now: number): string {
  const left = new Date(end).getTime() - now;
  if (Number.isNaN(left) || left <= 0) return VOTING_FINISHED;
  const minutes = Math.floor(left / MINUTE);
  return minutes > 0 ? formatDuration(minutes * 60) : UNDER_A_MINUTE;
}

/** Whether the initiative's vote has ended: closed by the server, withdrawn, or past its end date. */
export function votingEnded(initiative: Initiative, now: number): boolean {
  if (initiative.status === 'approved' || initiative.status === 'rejected' || initiative.status === 'withdrawn') return true;
  if (!initiative.votingEnabled || initiative.votingEndDate === null) return false;
  return formatTimeLeft(initiative.votingEndDate, now) === VOTING_FINISHED;
}

/** What the Votación column says of an initiative's vote. */
export function votingState(initiative: Initiative, now: number): string {
  if (votingEnded(initiative, now)) return VOTING_FINISHED;
  if (!initiative.votingEnabled) return VOTING_NOT_ENABLED;
  if (initiative.votingEndDate === null) return VOTING_NO_END;
  return formatTimeLeft(initiative.votingEndDate, now);
}

/** Whether the vote button shows: the server says the user may vote, and the vote has not ended since. */
export function mayVoteNow(initiative: Initiative, now: number): boolean {
  return initiative.canVote && !votingEnded(initiative, now);
}

export function eventLabel(kind: string): string {
  return labelOf(INITIATIVE_EVENT_KINDS, kind);
}


/** The community's date today as YYYY-MM-DD (an agenda's day is the community's). */
export function todayISODate(now: Date = new Date()): string {
  return todayDay(now);
}

/** A moment as the value of a datetime-local field (YYYY-MM-DDTHH:MM, the community's clock). */
export function toDateTimeLocal(date: Date): string {
  return toCommunityDateTimeLocal(date);
}

/** The default end of a vote: one day from now, as a datetime-local value. */
export function defaultVotingEnd(now: number): string {
  return toDateTimeLocal(new Date(now + 24 * 60 * MINUTE));
}

/** An agenda date (YYYY-MM-DD) in Spanish, e.g. 'martes, 3 de marzo de 2026'; the raw value if unreadable. */
export function formatAgendaDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  // Noon UTC falls on that day in every zone of the Americas, the community's included.
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
