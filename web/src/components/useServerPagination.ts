import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';

/**
 * The page and page size of a table the server pages, and the table's pagination for a
 * total: changing the size goes back to the first page. `counted` words the total
 * ("1 entrega", "3 entregas").
 */
export function useServerPagination(defaultSize: number, counted: (total: number) => string) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultSize);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 25, 50, 100],
    showTotal: counted,
    onChange: (next, size) => {
      if (size !== pageSize) {
        setPageSize(size);
        setPage(1);
      } else setPage(next);
    },
  });
  return { page, pageSize, setPage, pagination };
}
