import { describe, expect, it } from 'vitest';
import { ticketStats } from '../../test/tickets';
import { priorityLabel, rangeLabel, statusLabel, statusesOfTab, summaryCounts } from './ticketLabels';

describe('ticket labels', () => {
  it('names the statuses in Spanish and shows unknown ones raw', () => {
    expect(statusLabel('open')).toBe('Abierto');
    expect(statusLabel('in_progress')).toBe('En Progreso');
    expect(statusLabel('waiting_user')).toBe('Esperando Usuario');
    expect(statusLabel('waiting_staff')).toBe('Esperando Staff');
    expect(statusLabel('resolved')).toBe('Resuelto');
    expect(statusLabel('closed')).toBe('Cerrado');
    expect(statusLabel('archived')).toBe('archived');
  });

  it('names the priorities in Spanish', () => {
    expect([priorityLabel('Low'), priorityLabel('Medium'), priorityLabel('High'), priorityLabel('Urgent')]).toEqual(['Baja', 'Media', 'Alta', 'Urgent']);
  });
});

describe('statusesOfTab', () => {
  it('maps each tab to the statuses it asks for', () => {
    expect(statusesOfTab('all')).toEqual([]);
    expect(statusesOfTab('active')).toEqual(['open', 'in_progress', 'waiting_staff', 'waiting_user']);
    expect(statusesOfTab('resolved')).toEqual(['resolved']);
    expect(statusesOfTab('closed')).toEqual(['closed']);
  });
});

describe('rangeLabel', () => {
  it("reads 'from-to de total' for a 0-based page", () => {
    expect(rangeLabel(0, 10, 23)).toBe('1-10 de 23');
    expect(rangeLabel(1, 10, 23)).toBe('11-20 de 23');
    expect(rangeLabel(2, 10, 23)).toBe('21-23 de 23');
    expect(rangeLabel(0, 25, 3)).toBe('1-3 de 3');
    expect(rangeLabel(0, 5, 0)).toBe('0-0 de 0');
    expect(rangeLabel(0, 10, 1000, true)).toBe('1-10 de 1,000+');
    expect(rangeLabel(104, 10, 1050, true)).toBe('1041-1050 de 1,050+');
  });
});

describe('summaryCounts', () => {
  it('adds every status into the total, and resolved and closed into Resueltos', () => {
    expect(summaryCounts(ticketStats().byStatus)).toEqual({ total: 16, resolved: 9 });
    expect(summaryCounts({ open: 0, in_progress: 0, waiting_user: 0, waiting_staff: 0, resolved: 0, closed: 2 })).toEqual({ total: 2, resolved: 2 });
  });
});
