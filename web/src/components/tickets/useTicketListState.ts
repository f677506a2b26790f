import { useState } from 'react';
import type { TicketListQuery } from '../../api/types';
import { DEFAULT_TICKET_PAGE_SIZE, statusesOfTab, type TicketTab } from './ticketLabels';

export interface TicketFilters {
  search?: string;
  priority?: string;
  category?: string;
}

/** The tab a ticket table opens on. */
const FIRST_TAB: TicketTab = 'all';

/** What a ticket table asks for on a tab, page (0-based on screen), page size and filters. */
function ticketListQuery(tab: TicketTab, page: number, pageSize: number, filters: TicketFilters): TicketListQuery {
  return {
    page: page + 1,
    limit: pageSize,
    status: statusesOfTab(tab),
    ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.category ? { category: filters.category } : {}),
  };
}

/** What a ticket table asks for when it opens: its first page, on the first tab, unfiltered. */
export function firstTicketListQuery(pageSize: number = DEFAULT_TICKET_PAGE_SIZE): TicketListQuery {
  return ticketListQuery(FIRST_TAB, 0, pageSize, {});
}

/** The tab, page (0-based on screen), page size and filters of a ticket table; any change but the page goes back to the first page. */
export function useTicketListState(defaultPageSize: number = DEFAULT_TICKET_PAGE_SIZE) {
  const [tab, setTabState] = useState<TicketTab>(FIRST_TAB);
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

  const query = ticketListQuery(tab, page, pageSize, filters);

  return { tab, setTab, page, setPage, pageSize, setPageSize, filters, setFilters, query };
}
