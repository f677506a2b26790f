import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { paginatedTotal } from './pagedTotal';

/** A total the server counted up to a cap, and how many rows the page shown holds. */
export interface CappedTotal {
  total: number;
  capped: boolean;
  shown: number;
}

/**
 * The page and page size of a table the server pages, and the table's pagination for a
 * total: changing the size goes back to the first page. `counted` words the total
 * ("1 entrega", "3 entregas"; "10,000+ cambios" when the server stopped counting there, and
 * the pages then go on while they come back full).
 */
export function useServerPagination(defaultSize: number, counted: (total: number, capped: boolean) => string) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultSize);
  const pagination = (counts: number | CappedTotal): TablePaginationConfig => {
    const { total, capped, shown } = typeof counts === 'number' ? { total: counts, capped: false, shown: 0 } : counts;
    return {
      current: page,
      pageSize,
      total: paginatedTotal({ total, capped, page, pageSize, shown }),
      showSizeChanger: true,
      pageSizeOptions: [10, 25, 50, 100],
      showTotal: () => counted(total, capped),
      onChange: (next, size) => {
        if (size !== pageSize) {
          setPageSize(size);
          setPage(1);
        } else setPage(next);
      },
    };
  };
  return { page, pageSize, setPage, pagination };
}
