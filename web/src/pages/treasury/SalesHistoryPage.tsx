import { useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, DatePicker, Flex, Form, Input, Modal, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useScreens } from '../../components/useScreens';
import { DownloadOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import {
  fetchSalesExport,
  treasuryKeys,
  useCatalogue,
  useSalesHistory,
  useTreasuryMembers,
  useVoidSale,
  type SalesFilters,
} from '../../api/treasury';
import type { Sale } from '../../api/types';
import { useAuth } from '../../auth/useAuth';
import { saveFile } from '../../api/client';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Page } from '../../components/Page';
import { PAGE_TITLES } from '../../pageTitles';
import { QueryErrorAlert, tableEmptyText } from '../../components/QueryState';
import '../../components/dayjsLocale';
import { BackToTreasury } from './BackToTreasury';
import { itemWithKey } from './itemNames';
import { formatCount, formatMoney, formatPercent } from './money';
import { NO_SALES_TEXT, NoSales, PersonAvatar, VoidReason, VoidedTag } from './saleParts';
import { PAGE_SUBTITLES } from '../../pageSubtitles';
import { OneLineText } from '../../components/OneLineText';

export const SALE_VOIDED = 'Venta anulada exitosamente';
export const VOID_REASON_REQUIRED = 'Escribe el motivo de la anulación';
export const EXPORT_FILENAME = 'ventas.csv';

const DATE_PARAM = 'YYYY-MM-DD';

type Range = [Dayjs | null, Dayjs | null] | null;

interface FilterState {
  item?: string;
  sellerId?: string;
  range: Range;
}

/** The filters as the server takes them: the item, the seller and the days, from and to inclusive. */
export function salesFilters({ item, sellerId, range }: FilterState): SalesFilters {
  const filters: SalesFilters = {};
  if (item) filters.item = item;
  if (sellerId) filters.sellerId = sellerId;
  const [from, to] = range ?? [null, null];
  if (from) filters.from = from.format(DATE_PARAM);
  if (to) filters.to = to.format(DATE_PARAM);
  return filters;
}

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });
const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DAY_FORMAT.format(date);
}

function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : TIME_FORMAT.format(date);
}

function Buyer({ sale }: { sale: Sale }) {
  const name = sale.buyerUsername || sale.buyerDiscordId;
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <PersonAvatar discordId={sale.buyerDiscordId} avatar={sale.buyerAvatar} name={name} size={28} />
      <Flex vertical style={{ minWidth: 0 }}>
        <OneLineText text={name} />
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {sale.buyerDiscordId}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

function SaleStatus({ sale }: { sale: Sale }) {
  if (!sale.voided) return <Tag color="success">Vigente</Tag>;
  return (
    <Flex vertical gap={2} align="flex-start">
      <VoidedTag sale={sale} />
      <VoidReason sale={sale} />
    </Flex>
  );
}

/** A sale on a narrow screen. */
function SaleCard({ sale, action }: { sale: Sale; action: ReactNode }) {
  return (
    <li className={sale.voided ? 'sale-card sale-card-voided' : 'sale-card'} aria-label={`Venta #${sale._id}`}>
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography.Text type="secondary">#{sale._id}</Typography.Text> {sale.itemLabel}
        </Typography.Text>
        <Typography.Text strong className="sale-amount" style={{ flexShrink: 0 }}>
          {formatMoney(sale.finalPrice, sale.currency)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {formatMoney(sale.originalPrice, sale.currency)} con {formatPercent(sale.discount)} de descuento
      </Typography.Text>
      <Buyer sale={sale} />
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {formatDay(sale.date)} {formatTime(sale.date)} · por {sale.sellerUsername || sale.sellerId}
      </Typography.Text>
      <Flex justify="space-between" align="flex-end" gap={8} wrap>
        <SaleStatus sale={sale} />
        {action}
      </Flex>
    </li>
  );
}

function VoidDialog({ open, sale, onClose }: { open: boolean; sale: Sale | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const voidSale = useVoidSale();

  const close = () => {
    voidSale.reset();
    onClose();
  };
  const submit = ({ reason }: { reason: string }) => {
    if (!sale) return;
    voidSale.mutate(
      { id: sale._id, reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success(SALE_VOIDED);
          close();
        },
      },
    );
  };

  return (
    <Modal
      title="Anular Venta"
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText="Anular Venta"
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      confirmLoading={voidSale.isPending}
      destroyOnHidden
    >
      {sale ? (
        <Typography.Paragraph type="secondary">
          Venta #{sale._id}: {sale.itemLabel} para {sale.buyerUsername || sale.buyerDiscordId}, {formatMoney(sale.finalPrice, sale.currency)}. La venta seguirá en el
          historial, marcada como anulada, y dejará de contar en los totales.
        </Typography.Paragraph>
      ) : null}
      <ErrorBanner message={voidSale.error?.message} onClose={() => voidSale.reset()} />
      <Form form={form} layout="vertical" onFinish={submit} disabled={voidSale.isPending} clearOnDestroy>
        <Form.Item label="Motivo" name="reason" rules={[{ required: true, whitespace: true, message: VOID_REASON_REQUIRED }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="Por ejemplo: el comprador pidió la devolución" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ExportButton({ filters }: { filters: SalesFilters }) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exportSales = async () => {
    setError(null);
    setExporting(true);
    try {
      saveFile(await fetchSalesExport(filters), EXPORT_FILENAME);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void exportSales()} loading={exporting}>
        Exportar CSV
      </Button>
      {error ? <ErrorBanner message={error} onClose={() => setError(null)} style={{ width: '100%', marginBottom: 0 }} /> : null}
    </>
  );
}

function HistoryTable() {
  const queryClient = useQueryClient();
  const { can } = useAuth();
  // Voiding is the matrix's Gestión on the treasury panel.
  const canVoid = can('treasury', 'manage');
  const catalogue = useCatalogue();
  const members = useTreasuryMembers();
  const [state, setState] = useState<FilterState>({ range: null });
  const filters = useMemo(() => salesFilters(state), [state]);
  const history = useSalesHistory(filters);
  const [voiding, setVoiding] = useState<{ open: boolean; sale: Sale | null }>({ open: false, sale: null });
  // Below the large breakpoint the sales are cards: a table of this many columns does not fit.
  const wide = useScreens().lg ?? false;

  const sales = useMemo(() => history.data?.pages.flat() ?? [], [history.data]);

  const sellerOptions = useMemo(() => {
    const names = new Map<string, string>();
    for (const member of members.data ?? []) names.set(member.id, member.username);
    for (const sale of sales) if (!names.has(sale.sellerId)) names.set(sale.sellerId, sale.sellerUsername || sale.sellerId);
    return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
  }, [members.data, sales]);

  const voidButton = (sale: Sale) =>
    canVoid && !sale.voided ? (
      <Button size="small" danger icon={<StopOutlined />} onClick={() => setVoiding({ open: true, sale })} aria-label={`Anular venta #${sale._id}`}>
        Anular
      </Button>
    ) : null;

  const columns: TableColumnsType<Sale> = [
    { key: 'id', title: '#', dataIndex: '_id', width: 64, render: (id: number) => <Typography.Text type="secondary">#{id}</Typography.Text> },
    {
      key: 'date',
      title: 'Fecha',
      width: 140,
      render: (_: unknown, sale: Sale) => (
        <Flex vertical>
          <span>{formatDay(sale.date)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatTime(sale.date)} · por {sale.sellerUsername || sale.sellerId}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'buyer',
      title: 'Comprador',
      width: 200,
      render: (_: unknown, sale: Sale) => <Buyer sale={sale} />,
    },
    {
      key: 'item',
      title: 'Artículo',
      dataIndex: 'itemLabel',
      ellipsis: true,
      render: (label: string, sale: Sale) => (
        <Typography.Text strong title={itemWithKey({ key: sale.item, label })}>
          {label}
        </Typography.Text>
      ),
    },
    {
      key: 'original',
      title: 'Precio',
      width: 100,
      align: 'right',
      responsive: ['xl'],
      render: (_: unknown, sale: Sale) => formatMoney(sale.originalPrice, sale.currency),
    },
    { key: 'discount', title: 'Desc.', dataIndex: 'discount', width: 72, align: 'right', responsive: ['xl'], render: (value: number) => formatPercent(value) },
    {
      key: 'final',
      title: 'Precio final',
      width: 120,
      align: 'right',
      render: (_: unknown, sale: Sale) => (
        <Typography.Text strong className="sale-amount">
          {formatMoney(sale.finalPrice, sale.currency)}
        </Typography.Text>
      ),
    },
    { key: 'status', title: 'Estado', width: 140, render: (_: unknown, sale: Sale) => <SaleStatus sale={sale} /> },
  ];
  if (canVoid) columns.push({ key: 'actions', title: 'Acciones', width: 96, render: (_: unknown, sale: Sale) => voidButton(sale) });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: treasuryKeys.sales });

  return (
    <Card className="sales-card">
      <Flex gap={12} wrap align="center" className="sales-filters" style={{ marginBottom: 16 }}>
        <Select
          aria-label="Filtrar por artículo"
          placeholder="Artículo"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={state.item}
          onChange={(item?: string) => setState((current) => ({ ...current, item }))}
          options={(catalogue.data ?? []).map((entry) => ({ value: entry.key, label: itemWithKey(entry) }))}
          loading={catalogue.isPending}
          className="sales-filter"
          style={{ width: 220 }}
        />
        <Select
          aria-label="Filtrar por vendedor"
          placeholder="Vendedor"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={state.sellerId}
          onChange={(sellerId?: string) => setState((current) => ({ ...current, sellerId }))}
          options={sellerOptions}
          className="sales-filter"
          style={{ width: 180 }}
        />
        <DatePicker.RangePicker
          aria-label="Filtrar por fechas"
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          value={state.range}
          onChange={(range) => setState((current) => ({ ...current, range: range as Range }))}
          classNames={{ popup: { root: 'sales-range-popup' } }}
          className="sales-filter sales-range"
        />
        <Flex gap={8} wrap className="sales-actions">
          <ExportButton filters={filters} />
          <Button icon={<ReloadOutlined />} onClick={refresh} loading={history.isFetching && !history.isFetchingNextPage}>
            Actualizar
          </Button>
        </Flex>
      </Flex>
      <QueryErrorAlert queries={history} />
      {wide ? (
        <Table<Sale>
          rowKey="_id"
          columns={columns}
          dataSource={sales}
          loading={history.isPending && !history.isError}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: tableEmptyText(history, NO_SALES_TEXT) }}
          rowClassName={(sale) => (sale.voided ? 'sale-row sale-row-voided' : 'sale-row')}
          size="middle"
        />
      ) : history.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : sales.length > 0 ? (
        <ul className="plain-list sale-cards" aria-label="Ventas">
          {sales.map((sale) => (
            <SaleCard key={sale._id} sale={sale} action={voidButton(sale)} />
          ))}
        </ul>
      ) : !history.isSuccess ? null : (
        <NoSales />
      )}
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{sales.length === 1 ? '1 venta mostrada' : sales.length > 1 ? `${formatCount(sales.length)} ventas mostradas` : null}</Typography.Text>
        {history.hasNextPage ? (
          <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Cargar más
          </Button>
        ) : null}
      </Flex>
      <VoidDialog open={voiding.open} sale={voiding.sale} onClose={() => setVoiding((current) => ({ ...current, open: false }))} />
    </Card>
  );
}

export function SalesHistoryPage() {
  return (
    <Page title={PAGE_TITLES['/treasury/history']} subtitle={PAGE_SUBTITLES['/treasury/history']}>
      <Flex style={{ marginBottom: 16 }}>
        <BackToTreasury />
      </Flex>
      <HistoryTable />
    </Page>
  );
}
