/** A date in the browser's locale, e.g. "3 de marzo de 2025"; empty for an unreadable value. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
}

/** A date and time in the browser's locale, e.g. "3/3/25, 12:00"; empty for an unreadable value. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/**
 * A calendar day sent as YYYY-MM-DD, shown as dd/mm/yyyy. Read as text, not as a Date: a
 * Date would take it for midnight UTC, the day before west of Greenwich.
 */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Whole years from a birth date to `today` (both local calendar days). */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date = new Date()): number {
  const month = today.getMonth() + 1;
  const birthdayPassed = month > birth.month || (month === birth.month && today.getDate() >= birth.day);
  return today.getFullYear() - birth.year - (birthdayPassed ? 0 : 1);
}
