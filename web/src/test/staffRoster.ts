import type { Moderator, QuotaBoard } from '../api/types';
import { jsonResponse, type mockFetch } from './fixtures';

type Handler = NonNullable<Parameters<typeof mockFetch>[0]>[string];
type Calls = ReturnType<typeof mockFetch>['mock']['calls'];

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** A JSON answer with the X-Total-Count header a page of the roster carries. */
export function countedResponse(body: unknown, total: number, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', [TOTAL_COUNT_HEADER]: String(total) },
  });
}

/** The query of a request's URL. */
export function queryOf(url: string): URLSearchParams {
  return new URLSearchParams(url.split('?')[1] ?? '');
}

/** The members whose name holds `q` (any case), and the asked page of them: as the server answers. */
function pageOf<T>(list: readonly T[], url: string, nameOf: (item: T) => string): { items: T[]; matched: T[] } {
  const query = queryOf(url);
  const q = (query.get('q') ?? '').toLowerCase();
  const matched = q ? list.filter((item) => nameOf(item).toLowerCase().includes(q)) : [...list];
  const limit = query.get('limit');
  if (limit === null && query.get('page') === null) return { items: matched, matched };
  const size = Number(limit ?? 100);
  const page = Number(query.get('page') ?? 1);
  return { items: matched.slice((page - 1) * size, page * size), matched };
}

/**
 * Answers GET /api/staff/moderators as the server does: the roster (given, or read at each
 * request) searched by ?q=, the ?page= of ?limit= members, and X-Total-Count.
 */
export function rosterAnswer(roster: readonly Moderator[] | (() => readonly Moderator[])): Handler {
  return ({ url }) => rosterResponse(typeof roster === 'function' ? roster() : roster, url);
}

/** The server's answer to a request for the roster at `url`. */
export function rosterResponse(roster: readonly Moderator[], url: string): Response {
  const { items, matched } = pageOf(roster, url, (member) => member.username);
  return countedResponse(items, matched.length);
}

/** A quota board without its counts: quotaAnswer counts them from its members. */
export type QuotaBoardFixture = Omit<QuotaBoard, 'total' | 'underQuota'>;

/**
 * Answers GET /api/staff/quotas as the server does: the members (those under quota first)
 * searched by ?q= and paged by ?limit= and ?page=, with total and underQuota counted.
 */
export function quotaAnswer(board: QuotaBoardFixture | (() => QuotaBoardFixture)): Handler {
  return ({ url }) => {
    const current = typeof board === 'function' ? board() : board;
    const sorted = [...current.members].sort((a, b) => Number(b.underQuota) - Number(a.underQuota));
    const { items, matched } = pageOf(sorted, url, (line) => line.username);
    const answer: QuotaBoard = { ...current, members: items, total: matched.length, underQuota: matched.filter((line) => line.underQuota).length };
    return jsonResponse(answer);
  };
}

/** The queries of the GET requests to `path` (with or without a query), in order. */
export function requestsTo(calls: Calls, path: string): URLSearchParams[] {
  return calls
    .filter(([input, init]) => String(input).split('?')[0] === path && (init?.method ?? 'GET') === 'GET')
    .map(([input]) => queryOf(String(input)));
}
