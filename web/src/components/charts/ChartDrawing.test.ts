import { describe, expect, it } from 'vitest';
import { sameDrawing } from './ChartDrawing';
import type { ChartData } from './types';

const figures = (values: (number | null)[]): ChartData => ({
  kind: 'bar',
  categories: ['lun', 'mar', 'mié'],
  series: [{ key: 'a', name: 'Horas', values }],
  // A new function each time, as a page that builds its data on every render writes it.
  format: (value) => `${value} h`,
});

describe('sameDrawing', () => {
  it('keeps the drawing for the same figures built again, new functions included', () => {
    expect(sameDrawing({ data: figures([1, null, 3]), height: 260, width: 380 }, { data: figures([1, null, 3]), height: 260, width: 380 })).toBe(true);
  });

  it('redraws for a changed figure, category, series, size or kind', () => {
    const before = { data: figures([1, 2, 3]), height: 260, width: 380 };
    expect(sameDrawing(before, { ...before, data: figures([1, 2, 4]) })).toBe(false);
    expect(sameDrawing(before, { ...before, data: { ...figures([1, 2, 3]), categories: ['lun', 'mar', 'jue'] } })).toBe(false);
    expect(sameDrawing(before, { ...before, data: { ...figures([1, 2, 3]), series: [{ key: 'a', name: 'Minutos', values: [1, 2, 3] }] } })).toBe(false);
    expect(sameDrawing(before, { ...before, data: { ...figures([1, 2, 3]), kind: 'line' } })).toBe(false);
    expect(sameDrawing(before, { ...before, height: 200 })).toBe(false);
    expect(sameDrawing(before, { ...before, width: 300 })).toBe(false);
  });
});
