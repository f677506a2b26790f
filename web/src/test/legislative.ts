import type { AgendaItem, Initiative, InitiativeRecord, Profile } from '../api/types';
import { everyPanel, roleIds } from './fixtures';

/**
 * The panel rights the server's default matrix gives these roles: the legislative admins
 * (and COMITE and OFICINA, who hold every right) may modify and manage; everyone else reads.
 */
export function legislativeRights(discordRoles: readonly string[]): Profile['panels'] {
  const admins = [roleIds.COMITE, roleIds.OFICINA, roleIds.SCJN_ADMIN, roleIds.CONGRESO_ADMIN];
  const admin = discordRoles.some((role) => admins.includes(role));
  return { ...everyPanel({ read: true, modify: false, manage: false }), legislative: { read: true, modify: admin, manage: admin } };
}

export function initiative(overrides: Partial<Initiative> = {}): Initiative {
  return {
    _id: 1,
    title: 'Reforma al Código Penal',
    summary: 'Endurece las sanciones por robo de vehículos.',
    type: 'SCJN',
    status: 'pending',
    result: null,
    votes: { infavor: 0, against: 0, abstention: 0 },
    votingEnabled: false,
    votingEndDate: null,
    votingOpen: false,
    userVoted: false,
    userVoteType: null,
    canVote: false,
    // What the server tells an admin of an initiative nobody has voted on.
    mayDelete: true,
    mayWithdraw: true,
    createdBy: 'comite',
    createdAt: '2026-01-10T18:00:00Z',
    ...overrides,
  };
}

/** An initiative open to votes until `hours` from now. */
export function openInitiative(hours: number, overrides: Partial<Initiative> = {}): Initiative {
  return initiative({
    status: 'voting',
    votingEnabled: true,
    votingOpen: true,
    votingEndDate: new Date(Date.now() + hours * 3_600_000).toISOString(),
    ...overrides,
  });
}

export function agendaItem(overrides: Partial<AgendaItem> = {}): AgendaItem {
  return {
    _id: 1,
    title: 'Sesión ordinaria',
    description: 'Discusión de la reforma.',
    time: '18:00',
    date: '2026-01-12',
    type: 'SCJN',
    ...overrides,
  };
}

export function initiativeRecord(overrides: Partial<InitiativeRecord> = {}): InitiativeRecord {
  return { initiative: initiative(), timeline: [], ...overrides };
}
