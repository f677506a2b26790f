import { useState } from 'react';
import type { TicketListQuery } from '../../api/types';
import { DEFAULT_TICKET_PAGE_SIZE, statusesOfTab, type TicketTab } from './ticketLabels';

export interface TicketFilters {
  search?: string;
  priority?: string;
  category?: string;
}

/** The tab, page (0-based on screen), page size and filters of a ticket table; any change but the page goes back to the first page. */
export function useTicketListState(defaultPageSize: number = DEFAULT_TICKET_PAGE_SIZE) {
  const [tab, setTabState] = useState<TicketTab>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeState] = useState(defaultPageSize);
  const [filters, setFiltersState] = useState<TicketFilters>({});

  const setTab = (next: TicketTab) => {
    setTabState(next);
    setPage(0);
  };
  const setPageSize = (next: number) => {
    setPageSizeState(next);
    setPage(0);
  };
  const setFilters = (next: TicketFilters) => {
    setFiltersState(next);
    setPage(0);
  };

  const query: TicketListQuery = {
    page: page + 1,
    limit: pageSize,
    status: statusesOfTab(tab),
    ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.category ? { category: filters.category } : {}),
  };

  return { tab, setTab, page, setPage, pageSize, setPageSize, filters, setFilters, query };
}
