import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import {
  DollarOutlined,
  FormOutlined,
  HistoryOutlined,
  PlusOutlined,
  RightOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { PANEL_MEMBERS, useRecentSales, useTreasuryIncome, useTreasuryMembers, useTreasurySummary } from '../../api/treasury';
import type { Sale } from '../../api/types';
import { formatDateTime } from '../../components/dates';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, QueryState, loadSummary, measured } from '../../components/QueryState';
import { useAuth } from '../../auth/useAuth';
import { formatCount, formatMXN, formatMoney, formatRobux } from './money';
import { INCOME_MONTHS, IncomeCharts } from './IncomeCharts';
import { NewSaleDialog } from './SaleForm';
import { NoMembers, NoSales, PersonAvatar, VoidReason, VoidedTag, memberAvatar } from './saleParts';
import { PAGE_SUBTITLES } from '../../pageSubtitles';
import { OneLineText } from '../../components/OneLineText';

function SummaryCard({ title, icon, value, note, loading }: { title: string; icon: ReactNode; value: ReactNode; note?: ReactNode; loading: boolean }) {
  return (
    <Card className="treasury-stat" role="group" aria-label={title} style={{ height: '100%' }}>
      <Statistic title={title} value={value as string} prefix={icon} loading={loading} />
      {note && !loading ? (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {note}
        </Typography.Text>
      ) : null}
    </Card>
  );
}

function SummaryCards() {
  const summary = useTreasurySummary();
  const data = summary.data;
  const loading = summary.isPending;
  // A figure that was not read shows a dash: the page's one alert says why.
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} sm={8}>
          <SummaryCard
            title="Ventas Totales"
            icon={<ShoppingCartOutlined />}
            value={measured(summary, (figures) => formatCount(figures.totalSales))}
            note={data ? `${formatCount(data.monthSales)} este mes` : null}
            loading={loading}
          />
        </Col>
        <Col xs={{ span: 24, order: 3 }} sm={{ span: 8, order: 0 }}>
          <SummaryCard
            title="Ingresos del Mes"
            icon={<DollarOutlined />}
            value={measured(summary, (figures) => formatMXN(figures.monthIncomeMXN))}
            note={data && data.monthIncomeRobux > 0 ? `Además, ${formatRobux(data.monthIncomeRobux)}` : null}
            loading={loading}
          />
        </Col>
        <Col xs={12} sm={8}>
          <SummaryCard
            title="Miembros"
            icon={<TeamOutlined />}
            value={measured(summary, (figures) => formatCount(figures.members))}
            note={data ? 'Tesorería y auditoría' : null}
            loading={loading}
          />
        </Col>
      </Row>
    </>
  );
}

function SaleLine({ sale }: { sale: Sale }) {
  return (
    <Flex component="li" gap={12} align="center" className={sale.voided ? 'sale-line sale-line-voided' : 'sale-line'}>
      <PersonAvatar discordId={sale.buyerDiscordId} avatar={sale.buyerAvatar} name={sale.buyerUsername || sale.buyerDiscordId} />
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <OneLineText strong text={sale.itemLabel} />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {sale.buyerUsername || sale.buyerDiscordId} · {formatDateTime(sale.date)}
        </Typography.Text>
        <VoidReason sale={sale} />
      </Flex>
      <Flex vertical align="flex-end" gap={2} style={{ flexShrink: 0 }}>
        <Typography.Text strong className="sale-amount">
          {formatMoney(sale.finalPrice, sale.currency)}
        </Typography.Text>
        <VoidedTag sale={sale} />
      </Flex>
    </Flex>
  );
}

function RecentSales() {
  const sales = useRecentSales();
  return (
    <Card
      title="Últimas Ventas"
      extra={
        <Link to="/treasury/history">
          Ver historial <RightOutlined />
        </Link>
      }
      style={{ height: '100%' }}
    >
      <QueryState
        queries={sales}
        errorShownAbove
        loading={<Skeleton active avatar paragraph={{ rows: 3 }} />}
        isEmpty={sales.data?.length === 0}
        empty={<NoSales />}
      >
        <ul className="plain-list" aria-label="Últimas ventas">
          {sales.data?.map((sale) => (
            <SaleLine key={sale._id} sale={sale} />
          ))}
        </ul>
      </QueryState>
    </Card>
  );
}

function MembersPreview() {
  const members = useTreasuryMembers();
  return (
    <Card
      title="Miembros"
      extra={
        <Link to="/treasury/members">
          Ver todos <RightOutlined />
        </Link>
      }
      style={{ height: '100%' }}
    >
      <QueryState
        queries={members}
        errorShownAbove
        loading={<Skeleton active avatar paragraph={{ rows: 2 }} />}
        isEmpty={members.data?.length === 0}
        empty={<NoMembers />}
      >
        <ul className="plain-list" aria-label="Miembros de tesorería">
          {members.data?.slice(0, PANEL_MEMBERS).map((member) => (
            <Flex component="li" key={member.id} gap={12} align="center" className="member-line">
              {memberAvatar(member)}
              <OneLineText text={member.username} />
            </Flex>
          ))}
        </ul>
      </QueryState>
    </Card>
  );
}

const MANAGEMENT = [
  { to: '/treasury/register', title: 'Registrar Venta', text: 'Registra una venta del catálogo con su descuento.', icon: <FormOutlined /> },
  { to: '/treasury/history', title: 'Historial de Ventas', text: 'Filtra, exporta y anula ventas.', icon: <HistoryOutlined /> },
  { to: '/treasury/members', title: 'Miembros de Tesorería', text: 'Consulta quién forma parte del equipo.', icon: <TeamOutlined /> },
];

function ManagementCards({ canRegister }: { canRegister: boolean }) {
  const cards = canRegister ? MANAGEMENT : MANAGEMENT.filter((card) => card.to !== '/treasury/register');
  return (
    <>
      <Typography.Title level={2} className="title-size-4" style={{ marginTop: 24 }}>
        Gestión
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.to} xs={24} md={8}>
            <Link to={card.to} className="management-link">
              <Card hoverable style={{ height: '100%' }}>
                <Flex gap={16} align="center">
                  <span className="management-icon" aria-hidden>
                    {card.icon}
                  </span>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Typography.Text strong>{card.title}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {card.text}
                    </Typography.Text>
                  </Flex>
                </Flex>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}

export function TreasuryPage() {
  const [dialogOpen, setDialogOpen] = useState(false);
  // Registering a sale is the matrix's Modificación on the treasury panel.
  const canRegister = useAuth().can('treasury', 'modify');
  // The page's loads fail once, at the top, however many widgets read them.
  const loads = [useTreasurySummary(), useRecentSales(), useTreasuryMembers(), useTreasuryIncome(INCOME_MONTHS)];
  if (loadSummary(loads) === 'forbidden' && loads.every((load) => load.isError)) {
    return (
      <Page title={PAGE_TITLES['/treasury']} subtitle={PAGE_SUBTITLES['/treasury']}>
        <QueryErrorAlert queries={loads} />
      </Page>
    );
  }
  return (
    <Page title={PAGE_TITLES['/treasury']} subtitle={PAGE_SUBTITLES['/treasury']}>
      <QueryErrorAlert queries={loads} />
      {canRegister ? (
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialogOpen(true)}>
            Nueva Venta
          </Button>
        </Flex>
      ) : null}
      <SummaryCards />
      <IncomeCharts />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <RecentSales />
        </Col>
        <Col xs={24} lg={9}>
          <MembersPreview />
        </Col>
      </Row>
      <ManagementCards canRegister={canRegister} />
      {canRegister ? <NewSaleDialog open={dialogOpen} onClose={() => setDialogOpen(false)} /> : null}
    </Page>
  );
}
