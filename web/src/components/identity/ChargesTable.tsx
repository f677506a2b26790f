import { Table, Typography, type TableColumnsType } from 'antd';
import { NO_CHARGES_TEXT } from '../../api/records';
import type { Charge } from '../../api/types';
import { formatDayShort } from '../dates';

/** A charge and its place in the list: two charges may read the same. */
type Row = Charge & { key: number };

const columns: TableColumnsType<Row> = [
  {
    key: 'description',
    title: 'CARGO',
    dataIndex: 'description',
    render: (description: string, charge) => (
      <>
        <div className="charge-text">{description}</div>
        {charge.addedBy ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Registrado por {charge.addedBy}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  { key: 'date', title: 'FECHA', dataIndex: 'date', width: 116, render: (date: string) => <time dateTime={date}>{formatDayShort(date)}</time> },
];

/** A record's charges (CARGO, FECHA), newest first as the server sends them. */
export function ChargesTable({ charges }: { charges: Charge[] }) {
  return (
    <Table<Row>
      columns={columns}
      dataSource={charges.map((charge, index) => ({ ...charge, key: index }))}
      size="small"
      pagination={charges.length > 10 ? { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } : false}
      locale={{ emptyText: NO_CHARGES_TEXT }}
    />
  );
}
