import { memo, useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
} from 'chart.js';
import { theme, type GlobalToken } from 'antd';
import { seriesColours, toneColour } from './palette';
import type { ChartData } from './types';

// Only the parts these charts draw: the rest of Chart.js stays out of the chunk.
Chart.register(BarController, BarElement, CategoryScale, Legend, LineController, LineElement, LinearScale, PointElement, Tooltip);

type Kind = 'bar' | 'line';

/** The steps a value axis of seconds may take: whole minutes, hours and days. */
const DURATION_STEPS = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 14400, 21600, 43200, 86400];
const DAY = 86400;

/** The step of a value axis of seconds that shows at most six lines up to `max`. */
export function durationStep(max: number): number {
  const wanted = max / 5;
  return DURATION_STEPS.find((step) => step >= wanted) ?? Math.ceil(wanted / DAY) * DAY;
}

/** The tallest value the axis must reach: the tallest stack when the series stack. */
function highest(data: ChartData): number {
  if (data.kind !== 'stacked') return Math.max(0, ...data.series.flatMap((series) => series.values.map((value) => value ?? 0)));
  return Math.max(0, ...data.categories.map((_, index) => data.series.reduce((sum, series) => sum + Math.max(0, series.values[index] ?? 0), 0)));
}

/**
 * Chart.js's configuration for the figures in the theme's colours: axes, grid, text and
 * tooltip take its tokens, the series its palette. No animation: the figures are shown, not
 * performed. Category labels that would not fit are skipped by Chart.js, which measures them
 * on the canvas, never in the page.
 */
export function drawingConfig(data: ChartData, token: GlobalToken): ChartConfiguration<Kind> {
  const colours = seriesColours(token);
  const stacked = data.kind === 'stacked';
  const kind: Kind = data.kind === 'line' ? 'line' : 'bar';
  const font = (size: number) => ({ family: token.fontFamily, size });
  const datasets = data.series.map((series, index): ChartDataset<Kind> => {
    const colour = colours[(series.slot ?? index) % colours.length] as string;
    if (kind === 'line') {
      return {
        type: 'line',
        label: series.name,
        data: series.values,
        borderColor: colour,
        backgroundColor: colour,
        borderWidth: 2,
        pointRadius: 0,
        pointHoverRadius: 4,
        cubicInterpolationMode: 'monotone',
      };
    }
    return {
      type: 'bar',
      label: series.name,
      data: series.values,
      backgroundColor: data.tones ? data.tones.map((tone) => toneColour(token, tone)) : colour,
      maxBarThickness: 48,
      stack: stacked ? 'all' : series.key,
    };
  });
  return {
    type: kind,
    data: { labels: data.categories, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      layout: { padding: { top: 8, right: 12 } },
      scales: {
        x: {
          stacked,
          grid: { display: false },
          border: { color: token.colorBorder },
          ticks: {
            color: token.colorTextSecondary,
            font: font(12),
            maxRotation: 0,
            autoSkipPadding: 12,
            callback: (_value, index) => {
              const category = data.categories[index] ?? '';
              return data.tickFormat ? data.tickFormat(category) : category;
            },
          },
        },
        y: {
          stacked,
          beginAtZero: true,
          grid: { color: token.colorBorderSecondary },
          border: { color: token.colorBorder },
          ticks: {
            color: token.colorTextSecondary,
            font: font(12),
            precision: 0,
            stepSize: data.durations ? durationStep(highest(data)) : undefined,
            callback: (value) => (data.axisFormat ?? data.format)(Number(value)),
          },
        },
      },
      plugins: {
        legend: { display: data.series.length > 1, position: 'bottom', labels: { color: token.colorText, font: font(13), boxWidth: 12 } },
        tooltip: {
          backgroundColor: token.colorBgElevated,
          titleColor: token.colorText,
          bodyColor: token.colorText,
          borderColor: token.colorBorder,
          borderWidth: 1,
          cornerRadius: token.borderRadius,
          titleFont: font(13),
          bodyFont: font(13),
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${item.raw === null || item.raw === undefined ? '—' : data.format(Number(item.raw))}`,
          },
        },
      },
    },
  };
}

/** The drawings waiting for their turn, first come first drawn. */
const waiting: (() => void)[] = [];
const turns = typeof MessageChannel === 'undefined' ? null : new MessageChannel();

function drawNext() {
  waiting.shift()?.();
  if (waiting.length > 0) turns?.port2.postMessage(null);
}
if (turns) turns.port1.onmessage = drawNext;

/**
 * Runs `draw` in a task of its own, after the drawings asked for before it: a page's charts
 * come together (one answer feeds several), and drawn in one task they held the main thread
 * for all of them (140 ms on a slow phone for two), so a tap waited for every chart; one at
 * a time, the browser handles input between them. No delay is added: the next chart starts
 * as soon as the one before has been drawn. Returns a cancel for a chart gone before its turn.
 */
export function drawInTurn(draw: () => void): () => void {
  if (!turns) {
    draw();
    return () => undefined;
  }
  let cancelled = false;
  waiting.push(() => {
    if (!cancelled) draw();
  });
  if (waiting.length === 1) turns.port2.postMessage(null);
  return () => {
    cancelled = true;
  };
}

interface DrawingProps {
  data: ChartData;
  height: number;
}

const sameList = <T,>(a: readonly T[] | undefined, b: readonly T[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((value, index) => value === b[index]));

/**
 * Whether two drawings show the same figures. The page builds its chart data again on every
 * render (a live event re-reads the queries even when nothing changed), and a new drawing
 * replaces the canvas: the same figures keep it. The ways of writing a value (format,
 * tickFormat, axisFormat) are the page's fixed choices, not figures, and are not compared.
 */
export function sameDrawing(previous: DrawingProps, next: DrawingProps): boolean {
  const a = previous.data;
  const b = next.data;
  return (
    previous.height === next.height &&
    a.kind === b.kind &&
    sameList(a.categories, b.categories) &&
    sameList(a.tones, b.tones) &&
    a.series.length === b.series.length &&
    a.series.every((series, index) => {
      const other = b.series[index];
      return other !== undefined && series.key === other.key && series.name === other.name && series.slot === other.slot && sameList(series.values, other.values);
    })
  );
}

/**
 * The drawing itself, on a canvas (Chart.js), in a chunk of its own that only pages showing a
 * chart load. A canvas is one element however many bars it holds, and drawing it is a few
 * milliseconds: the SVG library before it built a component and a store update per bar, axis
 * and label, which held a phone's main thread for a third of a second per page. It follows its
 * card's width; a browser that gives no canvas draws nothing, and the card's summary and
 * "Ver datos" table still say the figures.
 */
function ChartDrawing({ data, height }: DrawingProps) {
  const { token } = theme.useToken();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: Chart<Kind> | null = null;
    const cancel = drawInTurn(() => {
      const context = canvasRef.current?.getContext('2d');
      if (context) chart = new Chart(context, drawingConfig(data, token));
    });
    return () => {
      cancel();
      chart?.destroy();
    };
  }, [data, token]);
  return (
    <div style={{ position: 'relative', height }}>
      <canvas ref={canvasRef} className="chart-canvas" />
    </div>
  );
}

export default memo(ChartDrawing, sameDrawing);
