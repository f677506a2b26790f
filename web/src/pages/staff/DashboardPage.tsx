import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Button, Card, Col, Flex, Result, Row, Statistic, Tag, Typography } from 'antd';
import {
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  IdcardOutlined,
  NotificationOutlined,
  SafetyOutlined,
  ShopOutlined,
  StarOutlined,
  TeamOutlined,
  TagsOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  moderatorsPageQuery,
  myLeavesQuery,
  onShiftQuery,
  quotasQuery,
  staffKeys,
  staffStatsQuery,
  teamHoursQuery,
  useModeratorsPage,
  useStaffStats,
  useTeamHours,
  useWeeklyReport,
  weeklyReportQuery,
} from '../../api/staff';
import type { FirstQueries } from '../../api/firstQueries';
import type { Rights } from '../../auth/rights';
import type { WeeklyReport } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { formatDay } from '../../components/dates';
import { formatDuration } from '../../components/duration';
import { Loading } from '../../components/Loading';
import { LoginPrompt } from '../../components/LoginPrompt';
import { OneLineText } from '../../components/OneLineText';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { LOADING_LABEL, QueryErrorAlert, QueryState, measured, type LoadState } from '../../components/QueryState';
import { useHasOpened } from '../../components/useHasOpened';
import { DEFAULT_TICKET_PAGE_SIZE } from '../../components/tickets/ticketLabels';
import { HOURS_WEEKS, TeamHoursChart } from './HoursCharts';
import { MyLeavesCard } from './MyLeavesCard';
import { OnShiftCard } from './OnShiftCard';
import { QuotaCard } from './QuotaCard';
import { ResultHeading } from '../../components/ResultHeading';
import { MemberAvatar } from './staffParts';
import { EmptyFigure, NO_RATINGS_TEXT, NO_TIME_TEXT, rated } from './emptyFigures';

// Only directors see the staff table, and the report's form only once it opens: the table's
// and the forms' code downloads for them, not with every staff member's first dashboard.
const StaffTable = lazy(async () => ({ default: (await import('./StaffTable')).StaffTable }));
const ReportDialog = lazy(async () => ({ default: (await import('./StaffDialogs')).ReportDialog }));

export const TRIAL_TITLE = 'Acceso No Disponible';
export const TRIAL_TEXT = 'El panel de control no está disponible para usuarios Trial.';
export const NO_WEEKLY_REPORT_TEXT = 'Todavía no hay un reporte semanal. El bot lo publica cada lunes con las horas de la semana anterior.';

/** Gold, silver and bronze for the first three of the top 5. */
const RANK_COLOURS = ['#f5c518', '#b8bec7', '#cd7f32'];
const TOP_COUNT = 5;
/** The top 5 is the roster's first page of 5: the dashboard never reads the whole roster. */
const TOP_PAGE = { page: 1, limit: TOP_COUNT } as const;

function StatCards() {
  const stats = useStaffStats();
  const loading = stats.isPending;
  const data = stats.data;
  // A figure that was not read shows a dash, never 0: the page's one alert says why.
  const cards = [
    {
      key: 'hours',
      title: 'Horas totales',
      icon: <ClockCircleOutlined />,
      value: measured(stats, (figures) => formatDuration(figures.horasTotales)),
      empty: data && data.horasTotales <= 0 ? NO_TIME_TEXT : undefined,
    },
    { key: 'tickets', title: 'Tickets atendidos', icon: <TagsOutlined />, value: measured(stats, (figures) => figures.ticketsAtendidos) },
    { key: 'users', title: 'Usuarios atendidos', icon: <TeamOutlined />, value: measured(stats, (figures) => figures.usuariosAtendidos) },
    {
      key: 'rating',
      title: 'Calificación',
      icon: <StarOutlined />,
      value: measured(stats, (figures) => figures.calificacion.toFixed(1)),
      suffix: data ? '/ 5' : undefined,
      empty: data && !rated(data.calificacion) ? NO_RATINGS_TEXT : undefined,
    },
  ];
  return (
    <>
      <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 24 }}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} lg={6}>
            <Card className="staff-stat" role="group" aria-label={card.title} style={{ height: '100%' }}>
              {card.empty ? (
                <Statistic title={card.title} valueRender={() => <EmptyFigure text={String(card.empty)} />} />
              ) : (
                // While loading, a bar on the figure's own line rather than antd's taller skeleton:
                // the card keeps its height when the figure arrives.
                <Statistic
                  title={card.title}
                  value={card.value}
                  suffix={loading ? undefined : card.suffix}
                  prefix={card.icon}
                  valueRender={loading ? () => <span className="figure-placeholder" role="status" aria-label={LOADING_LABEL} /> : undefined}
                />
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

function TopModerators() {
  const moderators = useModeratorsPage(TOP_PAGE);
  const top = (moderators.data?.members ?? []).slice(0, TOP_COUNT);
  const body = (
    <QueryState queries={moderators} errorShownAbove isEmpty={top.length === 0} empty="Todavía no hay horas registradas.">
      <ol className="staff-top" aria-label="Top 5 moderadores">
        {top.map((member, index) => (
          <li key={member.UserId} className="staff-top-item">
            {/* The ordered list already tells the rank to screen readers. */}
            <span
              className="staff-rank"
              aria-hidden="true"
              style={index < RANK_COLOURS.length ? { background: RANK_COLOURS[index], color: '#1f1f1f' } : undefined}
            >
              {index + 1}
            </span>
            <MemberAvatar discordId={member.UserId} avatar={member.avatar} username={member.username} />
            <OneLineText strong text={member.username} className="staff-top-name" />
            <Typography.Text type="secondary" className="staff-top-time">
              {formatDuration(member.TiempoTotal)}
            </Typography.Text>
          </li>
        ))}
      </ol>
    </QueryState>
  );
  return (
    <Card title="Top Moderadores" role="region" aria-label="Top Moderadores" style={{ height: '100%' }}>
      {body}
    </Card>
  );
}

function WeeklyReportCard() {
  const weekly = useWeeklyReport();
  const report = weekly.data;
  const body = (
    <QueryState queries={weekly} errorShownAbove isEmpty={!report} empty={NO_WEEKLY_REPORT_TEXT}>
      {() => <WeeklyReportLines report={report as WeeklyReport} />}
    </QueryState>
  );
  return (
    <Card title="Último Reporte Semanal" role="region" aria-label="Último Reporte Semanal" style={{ height: '100%' }}>
      {body}
    </Card>
  );
}

function WeeklyReportLines({ report }: { report: WeeklyReport }) {
  const under = report.lines.filter((line) => line.underQuota).length;
  return (
    <>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Semana del {formatDay(report.weekStart)} al {formatDay(report.weekStart, 6)}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Cuota semanal: {formatDuration(report.quotaSeconds)}
        {report.lines.length > 0 ? ` · ${under} de ${report.lines.length} bajo la cuota` : ''}
      </Typography.Paragraph>
      {report.lines.length === 0 ? (
        <Typography.Text type="secondary">Nadie del staff tuvo horas esa semana.</Typography.Text>
      ) : (
        <ul className="staff-weekly" aria-label="Horas de la semana por miembro">
          {report.lines.map((line) => (
            <li key={line.userId} className={line.underQuota ? 'staff-weekly-under' : undefined}>
              <OneLineText strong text={line.username} className="staff-top-name" />
              <Typography.Text>
                {formatDuration(line.seconds)}
                {line.quotaSeconds !== undefined && line.quotaSeconds !== report.quotaSeconds ? ` de ${formatDuration(line.quotaSeconds)}` : ''}
              </Typography.Text>
              {line.underQuota ? <Tag color="error">Bajo la cuota</Tag> : <Tag color="success">Cumplió</Tag>}
              {line.leaveDays ? <Tag color="blue">{line.leaveDays} {line.leaveDays === 1 ? 'día' : 'días'} de ausencia</Tag> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface LinkCardProps {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}

// The link is named by what it shows, title then description, so that a screen reader and
// a voice command both find it by its visible words.
function LinkCard({ to, icon, title, description }: LinkCardProps) {
  return (
    <Link to={to} className="staff-link-card">
      <Card hoverable style={{ height: '100%' }}>
        <Flex gap={12} align="flex-start">
          <span className="staff-link-icon" aria-hidden="true">
            {icon}
          </span>
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ display: 'block' }}>
              {title}
            </Typography.Text>
            <Typography.Text type="secondary">
              {description}
            </Typography.Text>
          </div>
        </Flex>
      </Card>
    </Link>
  );
}

const ADMIN_PANELS: LinkCardProps[] = [
  { to: '/dashboard', icon: <DashboardOutlined />, title: 'Panel de Staff', description: 'Horas, reportes y gestión del staff.' },
  { to: '/treasury', icon: <BankOutlined />, title: 'Tesorería', description: 'Ventas y miembros de tesorería.' },
  { to: '/sat/business', icon: <ShopOutlined />, title: 'Panel SAT', description: 'Registro de negocios.' },
  { to: '/security', icon: <SafetyOutlined />, title: 'Seguridad y Auditoría', description: 'Registro de cambios del portal.' },
  { to: '/legislative', icon: <AuditOutlined />, title: 'Sistema Legislativo', description: 'Iniciativas, votaciones y orden del día.' },
  { to: '/admin/news', icon: <NotificationOutlined />, title: 'Gestión de Noticias', description: 'Publica y edita las noticias.' },
  { to: '/admin/support', icon: <CustomerServiceOutlined />, title: 'Panel de Soporte', description: 'Tickets de la comunidad.' },
  { to: '/admin/roles', icon: <IdcardOutlined />, title: 'Roles y Permisos', description: 'Permisos de cada rol por panel.' },
];

const MANAGEMENT: LinkCardProps[] = [
  { to: '/staff/profile', icon: <UserOutlined />, title: 'Mi Perfil', description: 'Tu estado, tu tiempo, notas y advertencias.' },
  { to: '/staff/stats', icon: <BarChartOutlined />, title: 'Mis Estadísticas', description: 'Tus cifras y tus horas de esta semana.' },
  { to: '/staff/ausencias', icon: <CalendarOutlined />, title: 'Ausencias del Staff', description: 'Aprueba o rechaza las ausencias pedidas.' },
];

/** The cards whose pages the user may open, under a title; nothing when there are none. */
function LinkGrid({ title, cards }: { title: string; cards: LinkCardProps[] }) {
  const { mayOpen } = useAuth();
  const open = cards.filter((card) => mayOpen(card.to));
  if (open.length === 0) return null;
  const headingId = `staff-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 20 }}>
        {title}
      </Typography.Title>
      <Row gutter={[16, 16]} align="stretch">
        {open.map((card) => (
          <Col key={card.to} xs={24} sm={12} lg={6}>
            <LinkCard {...card} />
          </Col>
        ))}
      </Row>
    </section>
  );
}

function TrialNotice() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={<ResultHeading>{TRIAL_TITLE}</ResultHeading>}
      subTitle={TRIAL_TEXT}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Volver al Inicio
        </Button>
      }
    />
  );
}

/** Which of the dashboard's parts a member sees, as the server's rights say. */
function dashboardParts({ can, may }: Pick<Rights, 'can' | 'may'>) {
  return {
    isDirector: can('staff', 'modify'),
    // The team's hours are for those who read the roster, as the server decides.
    seesTeam: can('staff', 'read') || can('support', 'modify'),
    isReporter: may('reportShift'),
    ownsRecord: may('ownStaffRecord'),
  };
}

/** What the dashboard asks for first (api/firstQueries.ts): the figures, lists and cards each part shows. */
export const prefetchFirstQueries: FirstQueries = (queryClient, _path, rights) => {
  if (rights.may('trialNotice')) return Promise.resolve();
  const { isDirector, seesTeam, ownsRecord } = dashboardParts(rights);
  const queries = [
    queryClient.prefetchQuery(staffStatsQuery()),
    queryClient.prefetchQuery(moderatorsPageQuery(TOP_PAGE)),
    queryClient.prefetchQuery(weeklyReportQuery()),
    queryClient.prefetchQuery(onShiftQuery()),
    queryClient.prefetchQuery(quotasQuery()),
  ];
  // The staff table's first page, as StaffTable first asks for it.
  if (isDirector) queries.push(queryClient.prefetchQuery(moderatorsPageQuery({ q: '', page: 1, limit: DEFAULT_TICKET_PAGE_SIZE })));
  if (seesTeam) queries.push(queryClient.prefetchQuery(teamHoursQuery(HOURS_WEEKS)));
  if (ownsRecord) queries.push(queryClient.prefetchQuery(myLeavesQuery()));
  return Promise.all(queries);
};

/**
 * The top 5's load, as the page's one alert reads it: its Reintentar asks again for every page
 * of the roster that failed (the top 5 and the staff table's page).
 */
function useRosterLoad(): LoadState {
  const queryClient = useQueryClient();
  const { status, fetchStatus, error } = useModeratorsPage(TOP_PAGE);
  return {
    status,
    fetchStatus,
    error,
    refetch: () =>
      queryClient.refetchQueries({ queryKey: staffKeys.moderators, type: 'active', predicate: (query) => query.state.status === 'error' }),
  };
}

function Dashboard({ username }: { username: string }) {
  const [reporting, setReporting] = useState(false);
  const { isDirector, seesTeam, isReporter, ownsRecord } = dashboardParts(useAuth());
  const reportUsed = useHasOpened(reporting);
  // The figures, the top 5, the weekly report and the staff table fail once, at the top.
  const roster = useRosterLoad();
  const loads = [useStaffStats(), roster, useWeeklyReport(), useTeamHours(HOURS_WEEKS, seesTeam)];

  return (
    <Page title={PAGE_TITLES['/dashboard']}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 20 }}>
        <Typography.Text className="staff-welcome">¡Bienvenido, {username}!</Typography.Text>
        {isReporter ? (
          <Button type="primary" icon={<FileTextOutlined />} onClick={() => setReporting(true)}>
            Crear Reporte de Jornada
          </Button>
        ) : null}
      </Flex>
      <QueryErrorAlert queries={loads} />
      <StatCards />
      <div style={{ marginBottom: 24 }}>
        <OnShiftCard />
      </div>
      <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 24 }}>
        <Col xs={24} lg={10}>
          <TopModerators />
        </Col>
        <Col xs={24} lg={14}>
          <WeeklyReportCard />
        </Col>
      </Row>
      <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 24 }}>
        <Col xs={24} lg={ownsRecord ? 14 : 24}>
          <QuotaCard />
        </Col>
        {ownsRecord ? (
          <Col xs={24} lg={10}>
            <MyLeavesCard />
          </Col>
        ) : null}
      </Row>
      {seesTeam ? (
        <div style={{ marginBottom: 24 }}>
          <TeamHoursChart errorShownAbove />
        </div>
      ) : null}
      {isDirector ? (
        <Suspense fallback={<Loading />}>
          {/* The table's page fails with the top 5 as a rule: while the top 5 has not answered, the alert above speaks for both. */}
          <StaffTable errorShownAbove={roster.status !== 'success'} />
        </Suspense>
      ) : null}
      <LinkGrid title="Paneles de Administración" cards={ADMIN_PANELS} />
      <LinkGrid title="Gestión" cards={MANAGEMENT} />
      {isReporter && reportUsed ? (
        <Suspense fallback={null}>
          <ReportDialog open={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      ) : null}
    </Page>
  );
}

/**
 * The staff dashboard; Trial members (without an admin role) are told the panel is not for
 * them, as the server says. Who may open it at all (treasury people go to /treasury) the
 * route decides.
 */
export function DashboardPage() {
  const { user, loading, may } = useAuth();

  if (loading) return <Loading />;
  if (!user) return <LoginPrompt />;
  if (may('trialNotice')) return <TrialNotice />;
  return <Dashboard username={user.username} />;
}
