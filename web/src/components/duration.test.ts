import { describe, expect, it } from 'vitest';
import { formatDuration, formatShortDuration } from './duration';

describe('formatDuration', () => {
  it.each([
    [49 * 3600, '49 h'],
    [6 * 3600 + 59 * 60, '6 h 59 min'],
    [45 * 60, '45 min'],
    [30, '30 s'],
    [12 * 3600 + 30 * 60 + 5, '12 h 30 min'],
    [3600, '1 h'],
    [100 * 3600 + 59, '100 h'],
    [90, '1 min 30 s'],
    [0, '0 s'],
  ])('writes %i seconds as "%s": the largest unit and the next one unless it is zero', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('never writes a unit that is zero, as "49 h 0 min 0 s" did', () => {
    for (const seconds of [3600, 7200 + 60, 49 * 3600, 5 * 60, 61]) expect(formatDuration(seconds)).not.toMatch(/\b0 (min|s)\b/);
  });

  it('reads seconds, not milliseconds, and drops fractions', () => {
    expect(formatDuration(5400.9)).toBe('1 h 30 min');
    expect(formatDuration(59.9)).toBe('59 s');
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
