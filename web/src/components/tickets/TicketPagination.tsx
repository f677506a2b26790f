import { useId } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { TICKET_PAGE_SIZES, rangeLabel } from './ticketLabels';

interface TicketPaginationProps {
  /** 0-based. */
  page: number;
  pageSize: number;
  /**
   * Null while the list has not been read: nothing is shown until then (no made-up '0-0 de 0'),
   * so that the first rows, arriving above it, do not push the pagination down the screen.
   */
  total: number | null;
  /** The server counted up to `total` and there are more: the next page stays open. */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** 'Filas por página', the page size, 'from-to de total' and the previous and next buttons. */
export function TicketPagination({ page, pageSize, total, totalCapped = false, onPageChange, onPageSizeChange }: TicketPaginationProps) {
  const labelId = useId();
  if (total === null) return null;
  const isLast = !totalCapped && (page + 1) * pageSize >= total;
  return (
    <Flex justify="flex-end" align="center" gap={16} wrap className="ticket-pagination" role="navigation" aria-label="Paginación">
      <Flex align="center" gap={8}>
        <Typography.Text id={labelId}>Filas por página</Typography.Text>
        <Select
          aria-labelledby={labelId}
          size="small"
          value={pageSize}
          options={TICKET_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          onChange={onPageSizeChange}
          style={{ width: 72 }}
        />
      </Flex>
      <Flex align="center" gap={4}>
        <Typography.Text style={{ marginInlineEnd: 8 }}>{rangeLabel(page, pageSize, total, totalCapped)}</Typography.Text>
        <Button size="small" type="text" icon={<LeftOutlined />} aria-label="Página anterior" disabled={page === 0} onClick={() => onPageChange(page - 1)} />
        <Button size="small" type="text" icon={<RightOutlined />} aria-label="Página siguiente" disabled={isLast} onClick={() => onPageChange(page + 1)} />
      </Flex>
    </Flex>
  );
}
