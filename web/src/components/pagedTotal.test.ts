import { describe, expect, it } from 'vitest';
import { formatTotal, paginatedTotal } from './pagedTotal';

describe('a total counted up to a cap', () => {
  it('is written with es-MX thousands, and a plus when the server stopped counting', () => {
    expect(formatTotal(3)).toBe('3');
    expect(formatTotal(10_000)).toBe('10,000');
    expect(formatTotal(10_000, true)).toBe('10,000+');
  });

  it("counts to the server's total, or on past the cap while pages come back full", () => {
    expect(paginatedTotal({ total: 120, page: 2, pageSize: 25, shown: 25 })).toBe(120);
    expect(paginatedTotal({ total: 10_000, capped: true, page: 1, pageSize: 25, shown: 25 })).toBe(10_000);
    // The last page the count reaches, full: one more row, so one more page.
    expect(paginatedTotal({ total: 10_000, capped: true, page: 400, pageSize: 25, shown: 25 })).toBe(10_001);
    expect(paginatedTotal({ total: 10_000, capped: true, page: 450, pageSize: 25, shown: 25 })).toBe(11_251);
    // A short page is the last: the pages end with it.
    expect(paginatedTotal({ total: 10_000, capped: true, page: 401, pageSize: 25, shown: 4 })).toBe(10_004);
  });
});
