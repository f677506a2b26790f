import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { theme } from 'antd';
import { seriesColours, toneColour } from './palette';
import type { ChartData } from './types';

const Y_AXIS_WIDTH = 56;

/**
 * The grid draws no vertical lines, yet recharts still lays out the x axis's ticks to place
 * them (measuring each label's text in the page) unless it is told where they go: nowhere.
 */
const NO_VERTICAL_LINES = () => [];
/** The room one category label takes on the x axis, space around it included. */
const LABEL_ROOM = 64;

/** How many category labels fit under a drawing of this width; unknown, a phone's. */
function labelsThatFit(width: number | undefined): number {
  return width ? Math.max(2, Math.floor((width - Y_AXIS_WIDTH) / LABEL_ROOM)) : 5;
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  index?: number;
  payload?: { value: unknown };
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  verticalAnchor?: 'start' | 'middle' | 'end';
  tickFormatter?: (value: never, index: number) => string;
}

/**
 * An axis label as one SVG text. recharts' own label measures each of its words in the page
 * (to wrap it), a forced layout per label: a month of daily bars forced the page's layout
 * seventy times as it drew. A label here is a word or two and never wraps.
 */
function AxisTick({ x, y, index = 0, payload, textAnchor, verticalAnchor, tickFormatter, fill }: TickProps & { fill: string }) {
  const value = tickFormatter ? tickFormatter(payload?.value as never, index) : String(payload?.value ?? '');
  // recharts' offsets for a label hung below (x axis) or centred on (y axis) its tick.
  const dy = verticalAnchor === 'start' ? '0.71em' : verticalAnchor === 'middle' ? '0.355em' : undefined;
  return (
    <text x={x} y={y} dy={dy} textAnchor={textAnchor} fill={fill} fontSize={12} className="recharts-cartesian-axis-tick-value">
      {value}
    </text>
  );
}

interface DrawingProps {
  data: ChartData;
  height: number;
  width?: number;
}

const sameList = <T,>(a: readonly T[] | undefined, b: readonly T[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((value, index) => value === b[index]));

/**
 * Whether two drawings show the same figures. The page builds its chart data again on every
 * render (a live event re-reads the queries even when nothing changed), and recharts redraws
 * everything it is given: the same figures keep the drawing. The ways of writing a value
 * (format, tickFormat, axisFormat) are the page's fixed choices, not figures, and are not compared.
 */
export function sameDrawing(previous: DrawingProps, next: DrawingProps): boolean {
  const a = previous.data;
  const b = next.data;
  return (
    previous.height === next.height &&
    previous.width === next.width &&
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
 * The drawing itself (recharts), in a chunk of its own that only pages showing a chart load.
 * Axes, grid, text and tooltip take the theme's tokens; the series its palette. `width`, when
 * known, decides how many category labels show: every label is counted, not measured.
 */
function ChartDrawing({ data, height, width }: DrawingProps) {
  const { token } = theme.useToken();
  const colours = seriesColours(token);
  const rows = data.categories.map((category, index) => {
    const row: Record<string, string | number | null> = { category };
    for (const series of data.series) row[series.key] = series.values[index] ?? null;
    return row;
  });
  const tick = (props: TickProps) => <AxisTick {...props} fill={token.colorTextSecondary} />;
  const axis = { stroke: token.colorBorder };
  // A numeric interval: recharts measures no label to choose which to show.
  const every = Math.max(0, Math.ceil(rows.length / labelsThatFit(width)) - 1);
  const common = (
    <>
      <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} verticalCoordinatesGenerator={NO_VERTICAL_LINES} />
      <XAxis dataKey="category" tickFormatter={data.tickFormat} tick={tick} axisLine={axis} tickLine={axis} interval={every} />
      <YAxis
        tick={tick}
        axisLine={axis}
        tickLine={axis}
        width={Y_AXIS_WIDTH}
        interval={0}
        tickFormatter={(value: number) => (data.axisFormat ?? data.format)(value)}
        allowDecimals={false}
      />
      <Tooltip
        formatter={(value) => (value === null || value === undefined ? '—' : data.format(Number(value)))}
        contentStyle={{ background: token.colorBgElevated, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, color: token.colorText }}
        labelStyle={{ color: token.colorText }}
        itemStyle={{ color: token.colorText }}
        cursor={{ fill: token.colorFillSecondary }}
      />
      {data.series.length > 1 ? <Legend itemSorter={null} wrapperStyle={{ color: token.colorText, fontSize: 13 }} /> : null}
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={height}>
      {data.kind === 'line' ? (
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {common}
          {data.series.map((series, index) => (
            <Line key={series.key} type="monotone" dataKey={series.key} name={series.name} stroke={colours[(series.slot ?? index) % colours.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      ) : (
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          {common}
          {data.series.map((series, index) => (
            <Bar
              key={series.key}
              dataKey={series.key}
              name={series.name}
              fill={colours[(series.slot ?? index) % colours.length]}
              stackId={data.kind === 'stacked' ? 'all' : undefined}
              maxBarSize={48}
              isAnimationActive={false}
            >
              {data.tones?.map((tone, cell) => <Cell key={cell} fill={toneColour(token, tone)} />)}
            </Bar>
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}

export default memo(ChartDrawing, sameDrawing);
