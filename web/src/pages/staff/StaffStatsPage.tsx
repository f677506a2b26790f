import { Col, Flex, Row, Statistic } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useStaffProfile, useStaffStats } from '../../api/staff';
import { BackToDashboard } from '../../components/BackToDashboard';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, measured } from '../../components/QueryState';
import { MyHoursChart, WeekChart } from './HoursCharts';
import { TicketCharts } from './TicketCharts';
import { FigureCards, StaffHeader, profileFigures } from './StaffSummary';

/** The profile's figures (durations in seconds, as the API sends them), the people attended and this week's hours per day, and the member's hours per week. */
export function StaffStatsPage() {
  const profile = useStaffProfile();
  const stats = useStaffStats();

  return (
    <Page title={PAGE_TITLES['/staff/stats']}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToDashboard />
      </Flex>
      {/* The profile and the figures fail once, here; a figure not read shows a dash. */}
      <QueryErrorAlert queries={[profile, stats]} />
      {profile.isPending && !profile.isError ? <Loading /> : null}
      {profile.data ? (
        <>
          <StaffHeader profile={profile.data} />
          <FigureCards
            figures={[
              ...profileFigures(profile.data),
              {
                key: 'people',
                title: 'Usuarios atendidos',
                content: <Statistic title="Usuarios atendidos" prefix={<TeamOutlined />} value={measured(stats, (figures) => figures.usuariosAtendidos)} loading={stats.isPending} />,
              },
            ]}
          />
          <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
            <Col xs={24} lg={10}>
              <WeekChart jornada={profile.data.jornada} />
            </Col>
            <Col xs={24} lg={14}>
              <MyHoursChart />
            </Col>
          </Row>
          <TicketCharts />
        </>
      ) : null}
    </Page>
  );
}
