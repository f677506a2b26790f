/**
 * Seconds as people say a length of time: the largest unit and, when it is not zero, the one
 * after it ("49 h", "6 h 59 min", "45 min", "1 min 30 s", "30 s"). The seconds of a length of
 * hours are left out: nobody reads them there. Core's staff.FormatDuration writes the bot's the
 * same way.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
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
