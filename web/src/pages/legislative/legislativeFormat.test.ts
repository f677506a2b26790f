import { describe, expect, it } from 'vitest';
import { initiative, openInitiative } from '../../test/legislative';
import { fromCommunityDateTimeLocal, toCommunityDateTimeLocal } from '../../components/dates';
import {
  bodyLabel,
  defaultVotingEnd,
  eventLabel,
  formatTimeLeft,
  legislativeHref,
  mayVoteNow,
  parseBody,
  statusColor,
  statusLabel,
  todayISODate,
  toDateTimeLocal,
  voteLabel,
  votingState,
} from './legislativeFormat';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('legislative labels', () => {
  it('names the statuses in Spanish, with their own colours', () => {
    const statuses = ['pending', 'voting', 'approved', 'rejected', 'withdrawn'];
    expect(statuses.map(statusLabel)).toEqual(['Pendiente', 'En Votación', 'Aprobada', 'Rechazada', 'Retirada']);
    expect(new Set(statuses.map(statusColor)).size).toBe(5);
    expect(statusLabel('archived')).toBe('archived');
  });

  it('names the votes, the bodies and the timeline steps', () => {
    expect(['infavor', 'against', 'abstention'].map(voteLabel)).toEqual(['A favor', 'En contra', 'Abstención']);
    expect(bodyLabel('SCJN')).toBe('SCJN');
    expect(bodyLabel('Congreso')).toBe('Cámara de Diputados');
    expect(['created', 'voting_opened', 'voting_stopped', 'closed', 'withdrawn'].map(eventLabel)).toEqual([
      'Creada',
      'Votación abierta',
      'Votación suspendida',
      'Cerrada',
      'Retirada',
    ]);
  });

  it('reads the body from the address, SCJN by default', () => {
    expect(parseBody('Congreso')).toBe('Congreso');
    expect(parseBody('SCJN')).toBe('SCJN');
    expect(parseBody(null)).toBe('SCJN');
    expect(parseBody('otro')).toBe('SCJN');
    expect(legislativeHref('SCJN')).toBe('/legislative');
    expect(legislativeHref('Congreso', 'agenda')).toBe('/legislative?type=Congreso&tab=agenda');
  });
});

describe('time left', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('shows hours and minutes, rounding down, without a unit that is zero', () => {
    expect(formatTimeLeft(at(24 * HOUR - 30_000), now)).toBe('23 h 59 min');
    expect(formatTimeLeft(at(72 * HOUR), now)).toBe('72 h');
    expect(formatTimeLeft(at(5 * MINUTE + 59_000), now)).toBe('5 min');
    expect(formatTimeLeft(at(30_000), now)).toBe('menos de 1 min');
  });

  it("says 'Finalizada' once the end has passed", () => {
    expect(formatTimeLeft(at(0), now)).toBe('Finalizada');
    expect(formatTimeLeft(at(-MINUTE), now)).toBe('Finalizada');
  });

  it('describes every state of the vote', () => {
    expect(votingState(initiative(), now)).toBe('Sin votación');
    expect(votingState(initiative({ status: 'voting', votingEnabled: true, votingEndDate: null }), now)).toBe('Sin fecha de cierre');
    expect(votingState(initiative({ status: 'voting', votingEnabled: true, votingEndDate: at(90 * MINUTE) }), now)).toBe('1 h 30 min');
    expect(votingState(initiative({ status: 'voting', votingEnabled: true, votingEndDate: at(-MINUTE) }), now)).toBe('Finalizada');
    expect(votingState(initiative({ status: 'approved', votingEndDate: at(-HOUR) }), now)).toBe('Finalizada');
    expect(votingState(initiative({ status: 'rejected' }), now)).toBe('Finalizada');
    expect(votingState(initiative({ status: 'withdrawn', votingEndDate: at(HOUR) }), now)).toBe('Finalizada');
  });

  it('offers the vote only while the server allows it and the time has not run out', () => {
    expect(mayVoteNow(openInitiative(1, { canVote: true }), Date.now())).toBe(true);
    expect(mayVoteNow(openInitiative(1, { canVote: false }), Date.now())).toBe(false);
    expect(mayVoteNow(openInitiative(1, { canVote: true }), Date.now() + 2 * HOUR)).toBe(false);
    expect(mayVoteNow(openInitiative(1, { canVote: true, status: 'withdrawn' }), Date.now())).toBe(false);
  });
});

describe('form defaults', () => {
  it("gives today's date and a moment one day later on the community's clock", () => {
    // 09:07 in Mexico City (UTC-6), whatever the browser's zone.
    const now = new Date(Date.UTC(2026, 2, 5, 15, 7));
    expect(todayISODate(now)).toBe('2026-03-05');
    expect(toDateTimeLocal(now)).toBe('2026-03-05T09:07');
    expect(defaultVotingEnd(now.getTime())).toBe('2026-03-06T09:07');
  });

  it("reads a datetime-local value on the community's clock, across the year", () => {
    for (const [value, utc] of [
      ['2026-11-17T18:00', Date.UTC(2026, 10, 18, 0, 0)],
      ['2026-07-01T09:30', Date.UTC(2026, 6, 1, 15, 30)],
    ] as const) {
      expect(fromCommunityDateTimeLocal(value)?.getTime()).toBe(utc);
      expect(toCommunityDateTimeLocal(new Date(utc))).toBe(value);
    }
    expect(fromCommunityDateTimeLocal('mañana')).toBeNull();
  });
});
