import { describe, expect, it } from 'vitest';
import { ageOn, formatDayShort } from './dates';

describe('formatDayShort', () => {
  it('shows a YYYY-MM-DD day as dd/mm/yyyy, whatever the time zone', () => {
    expect(formatDayShort('2025-03-01')).toBe('01/03/2025');
    expect(formatDayShort('2025-12-31')).toBe('31/12/2025');
  });

  it('leaves anything else as it came', () => {
    expect(formatDayShort('ayer')).toBe('ayer');
  });
});

describe('ageOn', () => {
  const born = { year: 2000, month: 3, day: 14 };

  it('counts a year on the birthday, not before', () => {
    expect(ageOn(born, new Date(2025, 2, 13))).toBe(24);
    expect(ageOn(born, new Date(2025, 2, 14))).toBe(25);
    expect(ageOn(born, new Date(2025, 11, 31))).toBe(25);
    expect(ageOn(born, new Date(2026, 0, 1))).toBe(25);
  });

  it('handles a birthday on 29 February', () => {
    const leap = { year: 2004, month: 2, day: 29 };
    expect(ageOn(leap, new Date(2025, 1, 28))).toBe(20);
    expect(ageOn(leap, new Date(2025, 2, 1))).toBe(21);
  });
});
