import type { AgendaItem, Initiative, InitiativeRecord } from '../api/types';

export function initiative(overrides: Partial<Initiative> = {}): Initiative {
  return {
    _id: 1,
    title: 'Reforma al Código Penal',
    summary: 'Endurece las sanciones por robo de vehículos.',
    type: 'SCJN',
    status: 'pending',
    votes: { infavor: 0, against: 0, abstention: 0 },
    votingEnabled: false,
    votingEndDate: null,
    votingOpen: false,
    userVoted: false,
    userVoteType: null,
    canVote: false,
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
