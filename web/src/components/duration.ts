/**
 * Seconds as hours, minutes and seconds, e.g. "12 h 30 min 5 s"; leading zero units are
 * left out ("5 min 0 s", "42 s"), as the bot writes them in Discord.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(`${h} h`);
  if (h > 0 || m > 0) parts.push(`${m} min`);
  parts.push(`${s} s`);
  return parts.join(' ');
}

const hoursFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/**
 * Seconds in one short unit for tight spaces such as a chart's bars: "3.5 h" from an hour on,
 * "25 min" below it, "<1 min" for a few seconds, "0" for none.
 */
export function formatShortDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  if (total >= 3600) return `${hoursFormat.format(Math.floor(total / 360) / 10)} h`;
  if (total >= 60) return `${Math.floor(total / 60)} min`;
  return total > 0 ? '<1 min' : '0';
}
