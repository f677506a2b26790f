import type { QueryClient } from '@tanstack/react-query';
import type { LawPage } from '../api/diarioOficial';
import { lawKeys } from '../api/diarioOficial';
import { newsKeys, type NewsPages } from '../api/news';
import { queryKeys } from '../api/queries';
import { USER_KEY } from '../auth/context';
import type { NewsCard, PortalConfig, Profile } from '../api/types';
import { setCommunityZone } from '../components/dates';

/**
 * What the server wrote into the page it served for the first paint (webapi/document.go), so
 * that the app reads it instead of asking for it: escaped JSON in a data block, never run.
 */
export interface BootData {
  /** The portal's public configuration (/api/config). */
  config?: PortalConfig;
  /** The latest published news (/). */
  latestNews?: NewsCard[];
  /** The first page of the published news (/news), NEWS_PAGE_SIZE items at most. */
  news?: NewsCard[];
  /** The news item of /news/{id}, when it is published. */
  newsItem?: NewsCard;
  /** The first page of the approved laws (/diario-oficial). */
  laws?: LawPage;
  /** The signed-in member, when the request carried the session cookie. */
  session?: BootSession;
  /** The current year in the community's time zone, for the footer's copyright line (the prerender's mark there). */
  year?: number | string;
}

export interface BootSession {
  /** The session the profile belongs to: the `jti` of its token. */
  id: string;
  profile: Profile;
}

/** The id of the data block the server writes. */
export const BOOT_ELEMENT_ID = 'zocalo-boot';

/** The first page of /diario-oficial, as the page asks for it and the server writes it. */
export const FIRST_LAWS_PAGE = { q: '', page: 1, limit: 10 } as const;

let current: BootData = {};

/** The data the page was served with (empty when it was served without, or in the unit tests). */
export function bootData(): BootData {
  return current;
}

/** Sets what bootData() answers: from the page in the browser, from the prerender's stand-ins. */
export function setBootData(data: BootData): void {
  current = data;
}

/** Reads the data block of the served page; a missing or damaged block is no data. */
export function readBootData(doc: Document): BootData {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as BootData) : {};
  } catch {
    return {};
  }
}

/**
 * Puts the served data into the query cache under the keys the pages read, so that they show
 * it at once. It counts as just read: the pages' usual freshness rules apply from there. The
 * profile is used when it is the session of `token`, the token the app holds: it becomes the
 * signed-in user without a first read of /api/auth/profile (auth/AuthProvider.tsx).
 */
export function seedQueries(queryClient: QueryClient, data: BootData, token: string | null): void {
  if (token && data.session && data.session.id === sessionIdOf(token)) {
    queryClient.setQueryData(queryKeys.profile(token), data.session.profile);
    localStorage.setItem(USER_KEY, JSON.stringify(data.session.profile));
  }
  if (data.config) {
    // Dates are written in the community's zone from the first render (components/dates.ts).
    setCommunityZone(data.config.timeZone);
    queryClient.setQueryData(queryKeys.config, data.config);
  }
  if (data.latestNews) queryClient.setQueryData(newsKeys.latest, data.latestNews);
  if (data.news) queryClient.setQueryData<NewsPages>(newsKeys.pages('public'), { pages: [data.news], pageParams: [undefined] });
  if (data.newsItem) queryClient.setQueryData(newsKeys.item(data.newsItem._id), data.newsItem);
  if (data.laws) queryClient.setQueryData(lawKeys.page(FIRST_LAWS_PAGE), data.laws);
}

/** The `jti` of a token, read without checking it (the server checks it), or null. */
export function sessionIdOf(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(json);
    const id = claims && typeof claims === 'object' ? (claims as { jti?: unknown }).jti : undefined;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}
