import { describe, expect, it } from 'vitest';
import { formatDuration, formatShortDuration } from './duration';

describe('formatDuration', () => {
  it('writes hours, minutes and seconds', () => {
    expect(formatDuration(12 * 3600 + 30 * 60 + 5)).toBe('12 h 30 min 5 s');
    expect(formatDuration(3600)).toBe('1 h 0 min 0 s');
    expect(formatDuration(100 * 3600 + 59)).toBe('100 h 0 min 59 s');
  });

  it('leaves out the leading units that are zero', () => {
    expect(formatDuration(5 * 60)).toBe('5 min 0 s');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(0)).toBe('0 s');
  });

  it('reads seconds, not milliseconds, and drops fractions', () => {
    expect(formatDuration(5400.9)).toBe('1 h 30 min 0 s');
  });

  it('shows an unusable value as zero', () => {
    expect(formatDuration(-30)).toBe('0 s');
    expect(formatDuration(Number.NaN)).toBe('0 s');
  });
});

describe('formatShortDuration', () => {
  it('writes hours with at most one decimal from an hour on, never rounding up', () => {
    expect(formatShortDuration(3 * 3600)).toBe('3 h');
    expect(formatShortDuration(5400)).toBe('1.5 h');
    expect(formatShortDuration(2 * 3600 - 1)).toBe('1.9 h');
  });

  it('writes minutes below an hour, and a few seconds as less than a minute', () => {
    expect(formatShortDuration(25 * 60 + 40)).toBe('25 min');
    expect(formatShortDuration(3)).toBe('<1 min');
    expect(formatShortDuration(0)).toBe('0');
  });
});
