import { vi } from 'vitest';
import vectors from '../../../core/authz/testdata/permission_vectors.json';
import type { GroupName, PortalConfig, Profile, RoleIds, RoleName } from '../api/types';
import serverAccess from './access.gen.json';

export const roleIds = vectors.roleIds as RoleIds;

export const testConfig: PortalConfig = {
  communityName: 'Zócalo RP',
  roleIds,
  groups: vectors.groups as Record<GroupName, RoleName[]>,
  social: {
    youtube: 'https://youtube.example/zocalo',
    x: 'https://x.example/zocalo',
    instagram: 'https://instagram.example/zocalo',
    tiktok: 'https://tiktok.example/zocalo',
  },
  communityChatUrl: 'https://discord.example/zocalo',
  servers: [],
  shop: [],
  timeZone: 'America/Mexico_City',
  demo: true,
};

/** The same rights on every panel. */
export function everyPanel(flags: Profile['panels']['staff']): Profile['panels'] {
  return { staff: flags, treasury: flags, legislative: flags, support: flags, SAT: flags };
}

type Access = Pick<Profile, 'panels' | 'abilities' | 'pages' | 'menu'>;
const accessByRoles = serverAccess as Record<string, Access>;

/**
 * What the server tells the portal about a member holding these role ids (and on the artist
 * allowlist when `reviewer`), as the Go tests wrote it for every role and pair of roles; more
 * roles than two get the union of what each is told.
 */
export function accessOf(heldRoleIds: readonly string[], reviewer = false): Access {
  const held = [...new Set(heldRoleIds)].sort();
  const exact = accessByRoles[held.join('+')];
  const entries = [...(exact ? [exact] : held.map((id) => accessByRoles[id])), reviewer ? accessByRoles.reviewer : undefined].filter(
    (entry): entry is Access => entry !== undefined,
  );
  const union = structuredClone(entries[0] ?? (accessByRoles[''] as Access));
  for (const entry of entries.slice(1)) {
    for (const panel of Object.keys(union.panels) as (keyof Access['panels'])[]) {
      for (const level of ['read', 'modify', 'manage'] as const) union.panels[panel][level] ||= entry.panels[panel][level];
    }
    for (const ability of Object.keys(union.abilities) as (keyof Access['abilities'])[]) union.abilities[ability] ||= entry.abilities[ability];
    union.pages = [...new Set([...union.pages, ...entry.pages])];
    union.menu = [...new Set([...union.menu, ...entry.menu])];
  }
  return union;
}

/** A signed-in profile: comite's unless told otherwise; rights follow `discordRoles` unless given. */
export function profile({ reviewer = false, ...overrides }: Partial<Profile> & { reviewer?: boolean } = {}): Profile {
  const discordRoles = overrides.discordRoles ?? [roleIds.COMITE];
  return {
    discordId: '100000000000000001',
    username: 'comite',
    email: 'comite@example.com',
    avatar: '',
    discordRoles,
    ...accessOf(discordRoles, reviewer),
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (request: { url: string; init: RequestInit | undefined }) => Response | Promise<Response>;

/** Replaces fetch: answers /api/config with the test config and other paths with the given handlers. */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? url;
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`] ?? handlers[path];
    if (handler) return handler({ url, init });
    if (path === '/api/config') return jsonResponse(testConfig);
    return jsonResponse({ message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

type ProfileAnswer = Profile | (() => Response | Promise<Response>);

/**
 * Replaces fetch as mockFetch does, answering /api/auth/profile with the last answer given
 * (a profile, or a function for other answers); counts the profile reads.
 */
export function mockProfileServer(first: ProfileAnswer, handlers: Record<string, Handler> = {}) {
  const toHandler = (answer: ProfileAnswer) => (typeof answer === 'function' ? answer : () => jsonResponse(answer));
  let current = toHandler(first);
  const fetch = mockFetch({ ...handlers, '/api/auth/profile': () => current() });
  return {
    fetch,
    answer(next: ProfileAnswer) {
      current = toHandler(next);
    },
    reads: () => fetch.mock.calls.filter(([url]) => String(url).includes('/api/auth/profile')).length,
  };
}
