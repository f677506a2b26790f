import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { theme } from 'antd';
import { seriesColours, toneColour } from './palette';
import type { ChartData } from './types';

/**
 * The drawing itself (recharts), in a chunk of its own that only pages showing a chart load.
 * Axes, grid, text and tooltip take the theme's tokens; the series its palette.
 */
export default function ChartDrawing({ data, height }: { data: ChartData; height: number }) {
  const { token } = theme.useToken();
  const colours = seriesColours(token);
  const rows = data.categories.map((category, index) => {
    const row: Record<string, string | number | null> = { category };
    for (const series of data.series) row[series.key] = series.values[index] ?? null;
    return row;
  });
  const tick = { fill: token.colorTextSecondary, fontSize: 12 };
  const axis = { stroke: token.colorBorder };
  const common = (
    <>
      <CartesianGrid stroke={token.colorBorderSecondary} vertical={false} />
      <XAxis dataKey="category" tickFormatter={data.tickFormat} tick={tick} axisLine={axis} tickLine={axis} interval="preserveStartEnd" minTickGap={16} />
      <YAxis tick={tick} axisLine={axis} tickLine={axis} width={56} tickFormatter={(value: number) => (data.axisFormat ?? data.format)(value)} allowDecimals={false} />
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
