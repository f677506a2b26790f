/** One line of an entry's before/after: a field, its two values and whether it changed. */
export interface DiffRow {
  /** The field's name; empty when the values are not objects (a list, a single value). */
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two JSON values are the same. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

/**
 * The fields of an entry's before and after side by side: every field of either, in the order
 * they were recorded. A creation has no before and a deletion no after (null); a value that is
 * not an object is one row with no field name.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const beforeObject = before === null || before === undefined ? {} : before;
  const afterObject = after === null || after === undefined ? {} : after;
  if (!isRecord(beforeObject) || !isRecord(afterObject)) {
    return [{ key: '', before: before ?? null, after: after ?? null, changed: !sameValue(before ?? null, after ?? null) }];
  }
  const keys = [...new Set([...Object.keys(beforeObject), ...Object.keys(afterObject)])];
  return keys.map((key) => {
    const was = key in beforeObject ? beforeObject[key] : undefined;
    const is = key in afterObject ? afterObject[key] : undefined;
    return { key, before: was, after: is, changed: !sameValue(was, is) };
  });
}

/** A recorded value as text: '—' for none, Sí/No for booleans, lists of words joined, JSON for the rest. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') return value === '' ? '(vacío)' : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '(ninguno)';
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
  }
  return JSON.stringify(value, null, 2);
}
