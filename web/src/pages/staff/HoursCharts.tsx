import { Flex, Typography } from 'antd';
import type { Jornada, WeekHours } from '../../api/types';
import { useMyHours, useTeamHours } from '../../api/staff';
import { ChartCard, dayLabel, pivot, type ChartData } from '../../components/charts';
import { formatDuration, formatShortDuration } from '../../components/duration';
import { WEEK_DAYS, weekSeconds } from './staffParts';

export const HOURS_WEEKS = 12;
export const NO_HOURS_TEXT = 'Todavía no hay turnos cerrados en estas semanas.';

/** Weeks (their Mondays, "16 nov") along the axis, one stacked bar per server. */
export function weekHoursChart(rows: WeekHours[]): ChartData {
  const { categories, series } = pivot(rows, (row) => row.week, (row) => row.server, (row) => row.seconds);
  // A server nobody worked on in these weeks would only add a legend entry and a column of zeros.
  // Each server keeps the colour of its place in the list, shown or not.
  const worked = series.map((one, slot) => ({ ...one, slot })).filter((one) => one.values.some((value) => (value ?? 0) > 0));
  return {
    kind: 'stacked',
    categories: categories.map(dayLabel),
    series: worked,
    format: formatDuration,
    axisFormat: formatShortDuration,
    durations: true,
  };
}

const hasHours = (rows: WeekHours[] | undefined) => (rows ?? []).some((row) => row.seconds > 0);

/** The team's hours per week and server, on the dashboard. */
export function TeamHoursChart({ errorShownAbove }: { errorShownAbove?: boolean }) {
  const hours = useTeamHours(HOURS_WEEKS);
  return (
    <ChartCard
      title="Horas del equipo por semana"
      queries={hours}
      data={() => weekHoursChart(hours.data ?? [])}
      isEmpty={!hasHours(hours.data)}
      empty={NO_HOURS_TEXT}
      categoryLabel="Semana del"
      errorShownAbove={errorShownAbove}
    />
  );
}

/** The signed-in member's own hours per week and server, on /staff/stats. */
export function MyHoursChart() {
  const hours = useMyHours(HOURS_WEEKS);
  return (
    <ChartCard
      title="Mis horas por semana"
      queries={hours}
      data={() => weekHoursChart(hours.data ?? [])}
      isEmpty={!hasHours(hours.data)}
      empty={NO_HOURS_TEXT}
      categoryLabel="Semana del"
    />
  );
}

/** This week's time per day, Monday to Sunday, from the profile's jornada. */
export function WeekChart({ jornada }: { jornada: Jornada }) {
  const total = weekSeconds(jornada);
  return (
    <ChartCard
      title="Horas de Esta Semana"
      data={() => ({
        kind: 'bar',
        categories: WEEK_DAYS.map((day) => day.label),
        series: [{ key: 'seconds', name: 'Tiempo', values: WEEK_DAYS.map((day) => Math.max(0, Number(jornada[day.key]) || 0)) }],
        format: formatDuration,
        axisFormat: formatShortDuration,
        durations: true,
        tickFormat: (label) => WEEK_DAYS.find((day) => day.label === label)?.short ?? label,
      })}
      empty={null}
      categoryLabel="Día"
      height={220}
      footer={
        <Flex gap={16} wrap style={{ marginTop: 8 }}>
          <Typography.Text>
            Total de la semana: <strong>{formatDuration(total)}</strong>
          </Typography.Text>
          <Typography.Text type="secondary">Último servidor: {jornada.Servidor || 'sin turnos todavía'}</Typography.Text>
        </Flex>
      }
    />
  );
}
