import { Col, Row } from 'antd';
import { useTreasuryIncome } from '../../api/treasury';
import type { SaleCurrency, TreasuryIncome } from '../../api/types';
import { ChartCard, monthLabel, type ChartData } from '../../components/charts';
import { formatMXN, formatRobux } from './money';

export const INCOME_MONTHS = 12;

const CURRENCIES: { currency: SaleCurrency; title: string; empty: string; format: (value: number) => string; axis: (value: number) => string }[] = [
  {
    currency: 'MXN',
    title: 'Ingresos por mes en MXN',
    empty: 'No hay ventas en pesos en estos meses.',
    format: formatMXN,
    axis: (value) => `$${compact.format(value)}`,
  },
  {
    currency: 'ROBUX',
    title: 'Ingresos por mes en Robux',
    empty: 'No hay ventas en Robux en estos meses.',
    format: formatRobux,
    axis: (value) => compact.format(value),
  },
];

const compact = new Intl.NumberFormat('es-MX', { notation: 'compact', maximumFractionDigits: 1 });

/** One currency's months along the axis, one stacked series per item. */
export function incomeChart(income: TreasuryIncome, currency: SaleCurrency, format: (value: number) => string, axis: (value: number) => string): ChartData {
  const rows = income.income.filter((row) => row.currency === currency);
  const items: { key: string; name: string }[] = [];
  for (const row of rows) if (!items.some((item) => item.key === row.item)) items.push({ key: row.item, name: row.itemLabel });
  return {
    kind: 'stacked',
    categories: income.months.map(monthLabel),
    series: items.map((item, index) => ({
      key: `i${index}`,
      name: item.name,
      values: income.months.map((month) => rows.filter((row) => row.month === month && row.item === item.key).reduce((sum, row) => sum + row.amount, 0)),
    })),
    format,
    axisFormat: axis,
  };
}

/** The treasury's income of the last 12 months, one chart per currency (pesos and robux never add up). */
export function IncomeCharts() {
  const income = useTreasuryIncome(INCOME_MONTHS);
  return (
    <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 16 }}>
      {CURRENCIES.map((entry) => (
        <Col key={entry.currency} xs={24} lg={12}>
          <ChartCard
            title={entry.title}
            queries={income}
            errorShownAbove
            data={() => incomeChart(income.data as TreasuryIncome, entry.currency, entry.format, entry.axis)}
            isEmpty={!income.data?.income.some((row) => row.currency === entry.currency)}
            empty={entry.empty}
            categoryLabel="Mes"
            footer={<div className="chart-note">Sin ventas anuladas, por artículo.</div>}
          />
        </Col>
      ))}
    </Row>
  );
}
