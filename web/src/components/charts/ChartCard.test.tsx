import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChartCard, HIDE_DATA, SHOW_DATA, chartSummary } from './ChartCard';
import { dayLabel, monthLabel, pivot } from './categories';
import type { ChartData } from './types';

const data: ChartData = {
  kind: 'stacked',
  categories: ['Sem. 9 nov', 'Sem. 16 nov'],
  series: [
    { key: 'a', name: 'Principal', values: [3600, 7200] },
    { key: 'b', name: 'Eventos', values: [0, 1800] },
  ],
  format: (value) => `${value} s`,
};

const success = { status: 'success', fetchStatus: 'idle', error: null, refetch: async () => undefined } as const;
const pending = { ...success, status: 'pending', fetchStatus: 'fetching' } as const;

describe('ChartCard', () => {
  it('names the drawing with a summary and keeps the same figures in a table behind "Ver datos"', async () => {
    render(<ChartCard title="Horas" queries={success} data={() => data} empty="Nada" categoryLabel="Semana" />);
    const region = screen.getByRole('region', { name: 'Horas' });
    expect(within(region).getByRole('img').getAttribute('aria-label')).toBe(
      'Gráfica de barras apiladas: Horas, de Sem. 9 nov a Sem. 16 nov. Principal: 10800 s en total; Eventos: 1800 s en total.',
    );
    expect(within(region).queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: SHOW_DATA });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: HIDE_DATA })).toHaveAttribute('aria-expanded', 'true');
    const table = within(region).getByRole('table', { name: 'Horas' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['SemanaPrincipalEventos', 'Sem. 9 nov3600 s0 s', 'Sem. 16 nov7200 s1800 s']);
    await userEvent.click(screen.getByRole('button', { name: HIDE_DATA }));
    expect(within(region).queryByRole('table')).toBeNull();
  });

  it('shows loading, then the empty text, never an empty chart', () => {
    const { rerender } = render(<ChartCard title="Horas" queries={pending} data={() => data} empty="Nada todavía" categoryLabel="Semana" />);
    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
    rerender(<ChartCard title="Horas" queries={success} data={() => data} isEmpty empty="Nada todavía" categoryLabel="Semana" />);
    expect(screen.getByText('Nada todavía')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('writes a dash for a day without a figure', async () => {
    const gaps: ChartData = { ...data, kind: 'line', series: [{ key: 'a', name: 'Mediana', values: [null, 60] }] };
    render(<ChartCard title="Tiempos" data={() => gaps} empty="" categoryLabel="Día" totals={false} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Mediana: entre 60 s y 60 s');
    await userEvent.click(screen.getByRole('button', { name: SHOW_DATA }));
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual(['DíaMediana', 'Sem. 9 nov—', 'Sem. 16 nov60 s']);
  });

  it('summarises times by their range rather than a sum', () => {
    expect(chartSummary('Tiempos', { ...data, kind: 'line' }, false)).toBe(
      'Gráfica de líneas: Tiempos, de Sem. 9 nov a Sem. 16 nov. Principal: entre 3600 s y 7200 s; Eventos: entre 0 s y 1800 s.',
    );
  });
});

describe('chart categories', () => {
  it('pivots rows into one series per name and writes days and months short', () => {
    const rows = [
      { week: 'w1', server: 'A', s: 1 },
      { week: 'w1', server: 'B', s: 2 },
      { week: 'w2', server: 'A', s: 3 },
    ];
    const out = pivot(rows, (r) => r.week, (r) => r.server, (r) => r.s);
    expect(out.categories).toEqual(['w1', 'w2']);
    expect(out.series.map((s) => [s.name, s.values])).toEqual([
      ['A', [1, 3]],
      ['B', [2, 0]],
    ]);
    expect(dayLabel('2026-11-16')).toBe('16 nov');
    expect(monthLabel('2026-11')).toMatch(/^nov.* 2026$/);
  });
});
