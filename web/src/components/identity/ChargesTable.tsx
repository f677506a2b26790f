import type { ReactNode } from 'react';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { NO_CHARGES_TEXT } from '../../api/records';
import type { Charge } from '../../api/types';
import { formatDateTime, formatDayShort } from '../dates';
import { ResponsiveTable } from '../ResponsiveTable';

export const VOIDED_CHARGE_LABEL = 'Anulado';
/** A game charge filed under a Roblox account nobody has verified: it hangs on the account, not on a person. */
export const UNVERIFIED_CHARGE_LABEL = 'Sin verificar';

type Row = Charge & { key: number };

/** The 'Anulado' tag of a voided charge, then when and why it was voided (and by whom, for those the server tells). */
function VoidedNote({ charge }: { charge: Charge }) {
  if (!charge.voided) return null;
  const when = charge.voidedAt ? formatDateTime(charge.voidedAt) : '';
  return (
    <Flex gap={6} align="baseline" wrap className="charge-voided">
      <Tag color="default" style={{ marginInlineEnd: 0 }}>
        {VOIDED_CHARGE_LABEL}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {when ? `${when} · ` : ''}
        {charge.voidReason}
        {charge.voidedBy ? ` (por ${charge.voidedBy})` : ''}
      </Typography.Text>
    </Flex>
  );
}

function columnsFor(actions?: (charge: Charge) => ReactNode): TableColumnsType<Row> {
  const columns: TableColumnsType<Row> = [
    {
      key: 'description',
      title: 'CARGO',
      dataIndex: 'description',
      render: (description: string, charge) => (
        <>
          <div className="charge-text">{charge.voided ? <Typography.Text delete>{description}</Typography.Text> : description}</div>
          {charge.addedBy ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Registrado por {charge.addedBy}
            </Typography.Text>
          ) : null}
          <VoidedNote charge={charge} />
          {charge.unverified ? <Tag color="warning">{UNVERIFIED_CHARGE_LABEL}</Tag> : null}
        </>
      ),
    },
    { key: 'date', title: 'FECHA', dataIndex: 'date', width: 116, render: (date: string) => <time dateTime={date}>{formatDayShort(date)}</time> },
  ];
  if (actions) {
    columns.push({ key: 'actions', title: 'ACCIONES', width: 120, render: (_: unknown, charge) => actions(charge) });
  }
  return columns;
}

/**
 * A record's charges (CARGO, FECHA), newest first as the server sends them; a voided one is
 * struck through and tagged 'Anulado' with its reason. `actions`, when given, adds a column
 * of what the reader may do with each charge.
 */
export function ChargesTable({ charges, actions }: { charges: Charge[]; actions?: (charge: Charge) => ReactNode }) {
  return (
    <ResponsiveTable<Row>
      columns={columnsFor(actions)}
      dataSource={charges.map((charge) => ({ ...charge, key: charge._id }))}
      rowClassName={(charge) => (charge.voided ? 'charge-row-voided' : '')}
      size="small"
      pagination={charges.length > 10 ? { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } : false}
      locale={{ emptyText: NO_CHARGES_TEXT }}
    />
  );
}
