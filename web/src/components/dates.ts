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
