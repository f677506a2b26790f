import { describe, expect, it } from 'vitest';
import { diffRows, formatValue, sameValue } from './auditDiff';

describe('diffRows', () => {
  it('lines up the fields of both sides and marks the ones that changed', () => {
    expect(diffRows({ read: true, modify: true, manage: true }, { read: true, modify: false, manage: true })).toEqual([
      { key: 'read', before: true, after: true, changed: false },
      { key: 'modify', before: true, after: false, changed: true },
      { key: 'manage', before: true, after: true, changed: false },
    ]);
  });

  it('keeps fields found on one side only', () => {
    expect(diffRows({ title: 'A', old: 1 }, { title: 'A', added: 2 })).toEqual([
      { key: 'title', before: 'A', after: 'A', changed: false },
      { key: 'old', before: 1, after: undefined, changed: true },
      { key: 'added', before: undefined, after: 2, changed: true },
    ]);
  });

  it('reads a creation and a deletion as every field changed', () => {
    expect(diffRows(null, { item: 'VIP' })).toEqual([{ key: 'item', before: undefined, after: 'VIP', changed: true }]);
    expect(diffRows({ item: 'VIP' }, null)).toEqual([{ key: 'item', before: 'VIP', after: undefined, changed: true }]);
  });

  it('compares nested values by content', () => {
    const rows = diffRows({ jornada: { Lunes: 2 }, tags: ['a'] }, { jornada: { Lunes: 2 }, tags: ['a', 'b'] });
    expect(rows.map((row) => [row.key, row.changed])).toEqual([
      ['jornada', false],
      ['tags', true],
    ]);
  });

  it('shows lists and single values as one row', () => {
    expect(diffRows(['MODERADOR'], ['MODERADOR', 'TESORERIA'])).toEqual([
      { key: '', before: ['MODERADOR'], after: ['MODERADOR', 'TESORERIA'], changed: true },
    ]);
    expect(diffRows(null, 'hola')).toEqual([{ key: '', before: null, after: 'hola', changed: true }]);
  });
});

describe('sameValue', () => {
  it('compares JSON values deeply', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});

describe('formatValue', () => {
  it('writes values for people', () => {
    expect(formatValue(true)).toBe('Sí');
    expect(formatValue(false)).toBe('No');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(undefined)).toBe('—');
    expect(formatValue('')).toBe('(vacío)');
    expect(formatValue(72.5)).toBe('72.5');
    expect(formatValue(['COMITE', 'RH'])).toBe('COMITE, RH');
    expect(formatValue([])).toBe('(ninguno)');
    expect(formatValue({ Lunes: 2 })).toBe('{\n  "Lunes": 2\n}');
  });
});
