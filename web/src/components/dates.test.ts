import { describe, expect, it, vi } from 'vitest';
import { afterEach } from 'vitest';
import { DEFAULT_COMMUNITY_ZONE, ageOn, dateFormat, formatDate, formatDateTime, formatDay, formatDayShort, setCommunityZone, todayDay } from './dates';

afterEach(() => setCommunityZone(DEFAULT_COMMUNITY_ZONE));

/** A moment at noon in Mexico City (18:00 UTC) on a day. */
const noonInMexico = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 18));

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
    expect(ageOn(born, noonInMexico(2025, 3, 13))).toBe(24);
    expect(ageOn(born, noonInMexico(2025, 3, 14))).toBe(25);
    expect(ageOn(born, noonInMexico(2025, 12, 31))).toBe(25);
    expect(ageOn(born, noonInMexico(2026, 1, 1))).toBe(25);
  });

  it('handles a birthday on 29 February', () => {
    const leap = { year: 2004, month: 2, day: 29 };
    expect(ageOn(leap, noonInMexico(2025, 2, 28))).toBe(20);
    expect(ageOn(leap, noonInMexico(2025, 3, 1))).toBe(21);
  });
});

describe('dateFormat', () => {
  it('builds one formatter per style, however many dates it formats', () => {
    const Original = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function build(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat);
    // Options no other test asks for, so that this formatter is not built yet.
    const options = { dateStyle: 'full', timeStyle: 'long', timeZone: 'America/Mexico_City' } as const;
    const days = Array.from({ length: 30 }, (_, day) => new Date(Date.UTC(2026, 0, day + 1, 18)));
    const texts = days.map((date) => dateFormat({ ...options }).format(date));
    expect(built).toHaveBeenCalledTimes(1);
    built.mockRestore();
    expect(texts).toEqual(days.map((date) => new Intl.DateTimeFormat('es-MX', options).format(date)));
  });

  it('formats as a formatter of the moment would', () => {
    const value = '2026-03-03T18:30:00Z';
    expect(formatDateTime(value)).toBe(new Intl.DateTimeFormat('es-MX', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(value)));
    expect(formatDateTime('nunca')).toBe('');
  });
});

describe('long dates', () => {
  it('writes a day in full in Spanish whatever the browser’s language, as the server does', () => {
    expect(formatDay('2025-03-03')).toBe('3 de marzo de 2025');
    expect(formatDay('2026-12-31', 1)).toBe('1 de enero de 2027');
    // Noon UTC: the same day in any time zone the tests run in.
    expect(formatDate('2026-11-17T12:00:00Z')).toBe('17 de noviembre de 2026');
    expect(formatDate('no es una fecha')).toBe('');
    expect(formatDay('2026-13-01')).toBe('');
  });
});

describe("the community's calendar", () => {
  it("writes a moment as the community's clock reads it, whatever the browser's zone", () => {
    // 05:30 UTC on the 17th is still the 16th in Mexico City (UTC-6) and in Tijuana (UTC-8).
    const lateNight = '2026-11-17T05:30:00Z';
    expect(formatDate(lateNight)).toBe('16 de noviembre de 2026');
    expect(todayDay(new Date(lateNight))).toBe('2026-11-16');
    expect(formatDateTime(lateNight)).toMatch(/^16\/11\/26,? 11:30/);
    setCommunityZone('Europe/Madrid');
    expect(formatDate(lateNight)).toBe('17 de noviembre de 2026');
    expect(todayDay(new Date(lateNight))).toBe('2026-11-17');
  });

  it('keeps the zone it has for one the browser does not know', () => {
    setCommunityZone('Marte/Olympus_Mons');
    expect(formatDate('2026-11-17T05:30:00Z')).toBe('16 de noviembre de 2026');
  });
});
