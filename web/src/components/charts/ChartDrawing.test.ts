import { theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { drawInTurn, drawingConfig, durationStep, sameDrawing } from './ChartDrawing';
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
    expect(sameDrawing({ data: figures([1, null, 3]), height: 260 }, { data: figures([1, null, 3]), height: 260 })).toBe(true);
  });

  it('redraws for a changed figure, category, series, height or kind', () => {
    const before = { data: figures([1, 2, 3]), height: 260 };
    expect(sameDrawing(before, { ...before, data: figures([1, 2, 4]) })).toBe(false);
    expect(sameDrawing(before, { ...before, data: { ...figures([1, 2, 3]), categories: ['lun', 'mar', 'jue'] } })).toBe(false);
    expect(sameDrawing(before, { ...before, data: { ...figures([1, 2, 3]), series: [{ key: 'a', name: 'Minutos', values: [1, 2, 3] }] } })).toBe(false);
    expect(sameDrawing(before, { ...before, data: { ...figures([1, 2, 3]), kind: 'line' } })).toBe(false);
    expect(sameDrawing(before, { ...before, height: 200 })).toBe(false);
  });
});

describe('drawingConfig', () => {
  const token = { ...theme.getDesignToken(), colorPrimary: '#4f46e5', colorSuccess: '#237804', colorError: '#cf1322', colorTextQuaternary: 'rgba(0, 0, 0, 0.25)' };

  it('stacks the series of a stacked chart in the palette, each keeping its slot', () => {
    const data: ChartData = {
      kind: 'stacked',
      categories: ['9 nov', '16 nov'],
      series: [
        { key: 'a', name: 'Principal', values: [3600, 7200], slot: 0 },
        { key: 'c', name: 'Eventos', values: [0, 1800], slot: 2 },
      ],
      format: (value) => `${value} s`,
    };
    const config = drawingConfig(data, token);
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual(['9 nov', '16 nov']);
    expect(config.data.datasets.map((set) => [set.label, set.data, set.backgroundColor, set.stack])).toEqual([
      ['Principal', [3600, 7200], '#4f46e5', 'all'],
      ['Eventos', [0, 1800], token.colorSuccess, 'all'],
    ]);
    expect(config.options?.scales?.x?.stacked).toBe(true);
    expect(config.options?.plugins?.legend?.display).toBe(true);
  });

  it('colours a tally by meaning, shows no legend for one series and writes a missing value as a dash', () => {
    const tally: ChartData = {
      kind: 'bar',
      categories: ['A favor', 'En contra', 'Abstención'],
      series: [{ key: 'votes', name: 'Votos', values: [3, null, 1] }],
      format: (value) => `${value} votos`,
      tones: ['success', 'error', 'neutral'],
    };
    const config = drawingConfig(tally, token);
    expect(config.data.datasets[0]?.backgroundColor).toEqual(['#237804', '#cf1322', 'rgba(0, 0, 0, 0.25)']);
    expect(config.options?.scales?.x?.stacked).toBe(false);
    expect(config.options?.plugins?.legend?.display).toBe(false);
    const label = config.options?.plugins?.tooltip?.callbacks?.label as (item: unknown) => string;
    expect(label({ dataset: { label: 'Votos' }, raw: null })).toBe('Votos: —');
    expect(label({ dataset: { label: 'Votos' }, raw: 3 })).toBe('Votos: 3 votos');
  });

  it('draws a line chart without dots, its axis in the short format and its labels as the page writes them', () => {
    const times: ChartData = {
      kind: 'line',
      categories: ['Miércoles', 'Jueves'],
      series: [{ key: 'first', name: 'Mediana', values: [null, 5400] }],
      format: (value) => `${value} s`,
      axisFormat: (value) => `${value / 3600} h`,
      tickFormat: (category) => category.slice(0, 3),
    };
    const config = drawingConfig(times, token);
    expect(config.type).toBe('line');
    expect(config.data.datasets[0]).toMatchObject({ type: 'line', data: [null, 5400], borderColor: '#4f46e5', pointRadius: 0 });
    const yTick = config.options?.scales?.y?.ticks?.callback as (value: number) => string;
    const xTick = config.options?.scales?.x?.ticks?.callback as (value: number, index: number) => string;
    expect(yTick(7200)).toBe('2 h');
    expect(xTick(1, 1)).toBe('Jue');
  });
});

describe('durationStep', () => {
  it('steps an axis of seconds by whole minutes, hours or days', () => {
    expect(durationStep(20 * 60)).toBe(300);
    expect(durationStep(6.9 * 3600)).toBe(7200);
    expect(durationStep(33.3 * 3600)).toBe(43200);
    expect(durationStep(20 * 86400)).toBe(4 * 86400);
  });

  it('reaches the tallest stack of a stacked chart', () => {
    const stacked: ChartData = {
      kind: 'stacked',
      categories: ['a', 'b'],
      series: [
        { key: 'x', name: 'X', values: [3600, 4 * 3600] },
        { key: 'y', name: 'Y', values: [0, 7 * 3600] },
      ],
      format: String,
      durations: true,
    };
    const token = theme.getDesignToken();
    // 11 h stacked: 3 h steps; side by side the tallest bar is 7 h: 2 h steps.
    expect(drawingConfig(stacked, token).options?.scales?.y?.ticks).toMatchObject({ stepSize: 10800 });
    expect(drawingConfig({ ...stacked, kind: 'bar' }, token).options?.scales?.y?.ticks).toMatchObject({ stepSize: 7200 });
    expect(drawingConfig({ ...stacked, durations: false }, token).options?.scales?.y?.ticks).toMatchObject({ stepSize: undefined });
  });
});

describe('drawInTurn', () => {
  it('draws each chart in a task of its own, in the order asked, and skips one gone before its turn', async () => {
    const order: string[] = [];
    drawInTurn(() => {
      order.push('first');
      // Runs before the next drawing only if that one waits for a task of its own.
      queueMicrotask(() => order.push('after the first, before the next'));
    });
    const cancel = drawInTurn(() => order.push('gone'));
    drawInTurn(() => order.push('third'));
    cancel();
    expect(order).toEqual([]);
    await vi.waitFor(() => expect(order).toHaveLength(3));
    expect(order).toEqual(['first', 'after the first, before the next', 'third']);
  });
});
