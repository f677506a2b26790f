const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The browser locale's formatter for `options`, built once: building an Intl.DateTimeFormat
 * (the locale's patterns) costs far more than formatting with it, and a list formats a date
 * per row on every render, a live card every second.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, options);
    formats.set(key, format);
  }
  return format;
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/**
 * A day written in full in Spanish, "3 de marzo de 2025", as the server writes it into the
 * pages' HTML (webapi/document_slots.go, longDate). Written here rather than by Intl: the
 * first Intl.DateTimeFormat a page builds loads its locale's data (48 ms on a slow phone, in
 * the render of the landing's first news card), and a browser in English wrote "March 3, 2025".
 */
function longDate(date: Date): string {
  return `${date.getDate()} de ${MONTHS[date.getMonth()]} de ${date.getFullYear()}`;
}

/** A date in Spanish, e.g. "3 de marzo de 2025"; empty for an unreadable value. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return longDate(date);
}

/** A short date in the browser's locale, e.g. "3 mar 2025", for tables; empty for an unreadable value. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({ dateStyle: 'medium' }).format(date);
}

/** A date and time in the browser's locale, e.g. "3/3/25, 12:00"; empty for an unreadable value. */
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
  return longDate(date);
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function todayDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A calendar day sent as YYYY-MM-DD, shown as dd/mm/yyyy. Read as text, not as a Date: a
 * Date would take it for midnight UTC, the day before west of Greenwich.
 */
export function formatDayShort(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Whole years from a birth date to `today` (both local calendar days). */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date = new Date()): number {
  const month = today.getMonth() + 1;
  const birthdayPassed = month > birth.month || (month === birth.month && today.getDate() >= birth.day);
  return today.getFullYear() - birth.year - (birthdayPassed ? 0 : 1);
}
