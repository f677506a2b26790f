import { Suspense, lazy, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Flex } from 'antd';
import { LoadingState, NOT_MEASURED, QueryState, type LoadState } from '../QueryState';
import type { ChartData } from './types';

// Chart.js and the drawing load on showing a chart, not with the page's code.
const ChartDrawing = lazy(() => import('./ChartDrawing'));

/**
 * Whether the element has come near the window: a chart below the fold waits for it, so a
 * page's first load does not carry the charting library for what nobody has scrolled to.
 * Without IntersectionObserver it is near at once.
 */
function useNearWindow<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

export const SHOW_DATA = 'Ver datos';
export const HIDE_DATA = 'Ocultar datos';

const KIND_WORDS: Record<ChartData['kind'], string> = {
  bar: 'Gráfica de barras',
  stacked: 'Gráfica de barras apiladas',
  line: 'Gráfica de líneas',
};

const cell = (data: ChartData, value: number | null | undefined) => (value === null || value === undefined ? NOT_MEASURED : data.format(value));

/** What a screen reader hears for the drawing: the kind, the span and each series' total or range. */
export function chartSummary(title: string, data: ChartData, total: boolean): string {
  // A few categories of one series (a tally) are said one by one.
  if (data.tones && data.series.length === 1) {
    const values = data.series[0]?.values ?? [];
    return `${KIND_WORDS[data.kind]}: ${title}. ${data.categories.map((category, index) => `${category}: ${cell(data, values[index])}`).join('; ')}.`;
  }
  const span = data.categories.length > 1 ? `de ${data.categories[0]} a ${data.categories[data.categories.length - 1]}` : (data.categories[0] ?? '');
  const figures = data.series.map((series) => {
    if (total) return `${series.name}: ${data.format(series.values.reduce<number>((sum, value) => sum + (value ?? 0), 0))} en total`;
    const shown = series.values.filter((value): value is number => value !== null && Number.isFinite(value));
    if (shown.length === 0) return `${series.name}: sin datos`;
    return `${series.name}: entre ${data.format(Math.min(...shown))} y ${data.format(Math.max(...shown))}`;
  });
  return `${KIND_WORDS[data.kind]}: ${title}, ${span}. ${figures.join('; ')}.`;
}

/** The same figures as the drawing, as a table: one row per category, one column per series. */
function DataTable({ id, title, categoryLabel, data }: { id: string; title: string; categoryLabel: string; data: ChartData }) {
  return (
    <div id={id} className="chart-data">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{categoryLabel}</th>
            {data.series.map((series) => (
              <th key={series.key} scope="col">
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category, index) => (
            <tr key={`${category}-${index}`}>
              <th scope="row">{category}</th>
              {data.series.map((series) => (
                <td key={series.key}>{cell(data, series.values[index])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ChartCardProps {
  title: string;
  /** The loads the chart is drawn from: loading, error and empty show through QueryState (none: data at hand). */
  queries?: LoadState | readonly LoadState[];
  /** Built once the loads succeeded. */
  data: () => ChartData;
  isEmpty?: boolean;
  empty: ReactNode;
  /** The first column of the data table: "Semana", "Día", "Mes"… */
  categoryLabel: string;
  /** The summary gives each series' total (sums) rather than its range (times, medians). */
  totals?: boolean;
  /** Set when the page's one alert already shows these loads' failure. */
  errorShownAbove?: boolean;
  height?: number;
  extra?: ReactNode;
  footer?: ReactNode;
}

/**
 * A chart in a card: the drawing (role="img" named by a summary of the figures) and a "Ver
 * datos" toggle that shows the same figures as a table, for a screen reader or a closer look.
 */
export function ChartCard({ title, queries = [], data, isEmpty = false, empty, categoryLabel, totals = true, errorShownAbove, height = 260, extra, footer }: ChartCardProps) {
  return (
    <Card title={title} role="region" aria-label={title} extra={extra} style={{ height: '100%' }} className="chart-card">
      <QueryState queries={queries} isEmpty={isEmpty} empty={empty} errorShownAbove={errorShownAbove} loading={<LoadingState minHeight={height} />}>
        {() => <ChartBody title={title} data={data()} categoryLabel={categoryLabel} totals={totals} height={height} />}
      </QueryState>
      {footer}
    </Card>
  );
}

/** A chart without a card of its own, for a card that shows other things too. */
export function ChartBody({ title, data, categoryLabel, totals = true, height = 260 }: { title: string; data: ChartData; categoryLabel: string; totals?: boolean; height?: number }) {
  const [shown, setShown] = useState(false);
  const tableId = useId();
  const [drawingRef, near] = useNearWindow<HTMLDivElement>();
  return (
    <>
      {/* The summary speaks for the drawing; its parts (bars, legend icons) are not read one by one. */}
      <div role="img" aria-label={chartSummary(title, data, totals)} style={{ height }}>
        <div aria-hidden="true" style={{ height }} ref={drawingRef}>
          {near ? (
            <Suspense fallback={<LoadingState minHeight={height} />}>
              <ChartDrawing data={data} height={height} />
            </Suspense>
          ) : null}
        </div>
      </div>
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <Button size="small" type="link" aria-expanded={shown} aria-controls={tableId} onClick={() => setShown((open) => !open)}>
          {shown ? HIDE_DATA : SHOW_DATA}
        </Button>
      </Flex>
      {shown ? <DataTable id={tableId} title={title} categoryLabel={categoryLabel} data={data} /> : null}
    </>
  );
}
