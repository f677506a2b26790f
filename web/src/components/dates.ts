/** The language every date is written in, whatever the browser's. */
export const COMMUNITY_LOCALE = 'es-MX';
/** The community's zone until the configuration says otherwise (the server's default). */
export const DEFAULT_COMMUNITY_ZONE = 'America/Mexico_City';

let communityZone = DEFAULT_COMMUNITY_ZONE;
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Sets the community's time zone (`timeZone` of /api/config): every moment the web shows is
 * written as a clock in that zone reads it, so a law approved on the 17th in Mexico City reads
 * the 17th in Tijuana too. A zone the browser does not know is ignored.
 */
export function setCommunityZone(zone: string | undefined): void {
  if (!zone || zone === communityZone) return;
  try {
    new Intl.DateTimeFormat(COMMUNITY_LOCALE, { timeZone: zone });
  } catch {
    return;
  }
  communityZone = zone;
  formats.clear();
}

/**
 * The formatter for `options` in Spanish and in the community's zone, built once: building an
 * Intl.DateTimeFormat (the locale's patterns) costs far more than formatting with it, and a
 * list formats a date per row on every render, a live card every second.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(COMMUNITY_LOCALE, { timeZone: communityZone, ...options });
    formats.set(key, format);
  }
  return format;
}

/** The calendar day a moment falls on in the community's zone. */
export function communityDay(date: Date): { year: number; month: number; day: number } {
  const parts = dateFormat({ year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The day of a moment in the community's zone, in Spanish, e.g. "3 de marzo de 2025" (as the server writes it into the HTML); empty for an unreadable value. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({ dateStyle: 'long' }).format(date);
}

/** A short date in Spanish in the community's zone, e.g. "3 mar 2025", for tables; empty for an unreadable value. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({ dateStyle: 'medium' }).format(date);
}

/** A date and time in Spanish as the community's clock reads it, e.g. "03/03/25, 12:00 p.m."; empty for an unreadable value. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({ dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A calendar date written YYYY-MM-DD, read as that day wherever the browser is (not as UTC midnight); null for a day that does not exist. */
export function parseDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Date rolls a 13th month or a 31 February over into the next: such a day does not exist.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A calendar date (YYYY-MM-DD) in Spanish, e.g. "3 de marzo de 2025"; empty for an unreadable value. */
export function formatDay(value: string, addDays = 0): string {
  const date = parseDay(value);
  if (!date) return '';
  date.setDate(date.getDate() + addDays);
  // Noon UTC falls on that day in every zone of the Americas, the community's included.
  return dateFormat({ dateStyle: 'long' }).format(new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), 12)));
}

/** The day of `now` in the community's zone, as YYYY-MM-DD. */
export function todayDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = communityDay(now);
  return `${today.year}-${pad(today.month)}-${pad(today.day)}`;
}

/**
 * A calendar day sent as YYYY-MM-DD, shown as dd/mm/yyyy. Read as text, not as a Date: a
 * Date would take it for midnight UTC, the day before west of Greenwich.
 */
export function formatDayShort(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Whole years from a birth date to the day of `now` in the community's zone. */
export function ageOn(birth: { year: number; month: number; day: number }, now: Date = new Date()): number {
  const today = communityDay(now);
  const birthdayPassed = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (birthdayPassed ? 0 : 1);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The community's clock at a moment, as numbers (hours 0–23). */
function communityClock(date: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = dateFormat({ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') };
}

/** A moment as the value of a datetime-local field, as the community's clock reads it (YYYY-MM-DDTHH:MM). */
export function toCommunityDateTimeLocal(date: Date): string {
  const c = communityClock(date);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}T${pad2(c.hour)}:${pad2(c.minute)}`;
}

/**
 * The moment a datetime-local value names on the community's clock, whatever the browser's zone:
 * "2026-11-17T18:00" is 18:00 in Mexico City for a member in Tijuana too. Null when unreadable.
 */
export function fromCommunityDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at a guess, twice: the second settles a guess that crossed a change of offset.
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const c = communityClock(new Date(at));
    at -= Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) - wanted;
  }
  return new Date(at);
}
