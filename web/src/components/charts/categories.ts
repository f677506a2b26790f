import { parseDay } from '../dates';

const shortDay = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'short' });
const shortMonth = new Intl.DateTimeFormat('es-MX', { month: 'short', year: 'numeric' });

/** A day sent as YYYY-MM-DD, short for an axis: "16 nov". */
export function dayLabel(day: string): string {
  const date = parseDay(day);
  return date ? shortDay.format(date).replace('.', '') : day;
}

/** A month sent as YYYY-MM, short for an axis: "nov 2026". */
export function monthLabel(month: string): string {
  const date = parseDay(`${month}-01`);
  return date ? shortMonth.format(date).replace('.', '') : month;
}

/**
 * Rows of (category, series, value) pivoted to one series per name, in the order the
 * categories and series first appear; a missing cell is 0.
 */
export function pivot<Row>(rows: Row[], category: (row: Row) => string, series: (row: Row) => string, value: (row: Row) => number) {
  const categories: string[] = [];
  const names: string[] = [];
  const cells = new Map<string, number>();
  for (const row of rows) {
    const c = category(row);
    const s = series(row);
    if (!categories.includes(c)) categories.push(c);
    if (!names.includes(s)) names.push(s);
    cells.set(`${c}\u0000${s}`, (cells.get(`${c}\u0000${s}`) ?? 0) + value(row));
  }
  return {
    categories,
    series: names.map((name) => ({ key: `s${names.indexOf(name)}`, name, values: categories.map((c) => cells.get(`${c}\u0000${name}`) ?? 0) })),
  };
}
