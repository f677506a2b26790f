/** One line or set of bars: a value per category, in the categories' order; null where there is none (a gap, "—"). */
export interface ChartSeries {
  key: string;
  name: string;
  values: (number | null)[];
  /** Its place in the palette, when it must keep its colour across charts that leave some series out. */
  slot?: number;
}

export type ChartKind = 'bar' | 'stacked' | 'line';

/** What the drawing needs; the card around it adds the title, the states and the text alternative. */
export interface ChartData {
  kind: ChartKind;
  /** The x axis, already written for people ("16 nov"). */
  categories: string[];
  series: ChartSeries[];
  /** A value as the tooltip and the data table write it. */
  format: (value: number) => string;
  /** A category as the x axis writes it, when the full name would not fit ("Mié" for "Miércoles"). */
  tickFormat?: (category: string) => string;
  /** A value as the y axis writes it: shorter. */
  axisFormat?: (value: number) => string;
  /** The values are seconds: the value axis steps by whole minutes or hours ("2 h", not "1.3 h"). */
  durations?: boolean;
  /** For one series of bars, a colour per category from the theme's meaning (a vote's tally). */
  tones?: ChartTone[];
}

export type ChartTone = 'success' | 'error' | 'neutral';
