import { Col, Row } from 'antd';
import { useTicketDaily } from '../../api/tickets';
import type { TicketDay } from '../../api/types';
import { ChartCard, dayLabel, type ChartData } from '../../components/charts';
import { formatDuration, formatShortDuration } from '../../components/duration';

export const TICKET_DAYS = 30;
export const NO_TICKET_DAYS_TEXT = 'No hubo tickets en estos días.';
export const NO_TIMES_TEXT = 'Todavía no hay respuestas ni resoluciones en estos días.';

const count = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

export function ticketCountChart(days: TicketDay[]): ChartData {
  return {
    kind: 'bar',
    categories: days.map((day) => dayLabel(day.day)),
    series: [
      { key: 'opened', name: 'Abiertos', values: days.map((day) => day.opened) },
      { key: 'resolved', name: 'Resueltos', values: days.map((day) => day.resolved) },
    ],
    format: (value) => count.format(value),
  };
}

export function ticketTimesChart(days: TicketDay[]): ChartData {
  return {
    kind: 'line',
    categories: days.map((day) => dayLabel(day.day)),
    series: [
      { key: 'first', name: 'Mediana de primera respuesta', values: days.map((day) => day.medianFirstResponseSeconds) },
      { key: 'resolution', name: 'Mediana de resolución', values: days.map((day) => day.medianResolutionSeconds) },
    ],
    format: formatDuration,
    axisFormat: formatShortDuration,
    durations: true,
  };
}

/**
 * The desk's last 30 days: tickets opened and resolved per day, and the median times (first
 * staff reply of the day's new tickets, resolution of the day's resolved ones).
 */
export function TicketCharts({ errorShownAbove }: { errorShownAbove?: boolean }) {
  const daily = useTicketDaily(TICKET_DAYS);
  const days = daily.data ?? [];
  return (
    <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 16 }}>
      <Col xs={24} lg={12}>
        <ChartCard
          title="Tickets por día (últimos 30 días)"
          queries={daily}
          data={() => ticketCountChart(days)}
          isEmpty={!days.some((day) => day.opened > 0 || day.resolved > 0)}
          empty={NO_TICKET_DAYS_TEXT}
          categoryLabel="Día"
          errorShownAbove={errorShownAbove}
        />
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard
          title="Tiempos de atención por día (medianas)"
          queries={daily}
          data={() => ticketTimesChart(days)}
          isEmpty={!days.some((day) => day.medianFirstResponseSeconds !== null || day.medianResolutionSeconds !== null)}
          empty={NO_TIMES_TEXT}
          categoryLabel="Día"
          totals={false}
          errorShownAbove={errorShownAbove}
        />
      </Col>
    </Row>
  );
}
