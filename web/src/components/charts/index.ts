export { ChartBody, ChartCard, chartSummary, HIDE_DATA, SHOW_DATA } from './ChartCard';
export { dayLabel, monthLabel, pivot } from './categories';
export type { ChartData, ChartKind, ChartSeries, ChartTone } from './types';
