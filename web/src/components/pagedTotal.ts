const counts = new Intl.NumberFormat('es-MX');

/**
 * A list's total as the pages write it, with es-MX thousands ("10,000"), and "10,000+" when the
 * server stopped counting there (`totalCapped`): the audit log and the Diario Oficial count up to
 * a cap rather than every row on every page.
 */
export function formatTotal(total: number, capped = false): string {
  return `${counts.format(total)}${capped ? '+' : ''}`;
}

/** A page of a list the server pages and counts, as a paginator needs it. */
export interface CountedPage {
  total: number;
  /** The server stopped counting at `total`: more match. */
  capped?: boolean;
  page: number;
  pageSize: number;
  /** How many rows this page holds. */
  shown: number;
}

/**
 * What a paginator counts to. The server's total, or, when it stopped counting, at least through
 * this page and one row more whenever this page came back full, so the next page stays reachable
 * past the cap; a short page is the last.
 */
export function paginatedTotal({ total, capped = false, page, pageSize, shown }: CountedPage): number {
  if (!capped) return total;
  const through = (page - 1) * pageSize + shown;
  return Math.max(total, shown === pageSize ? through + 1 : through);
}
