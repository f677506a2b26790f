import type { QueryClient } from '@tanstack/react-query';
import type { Rights } from '../auth/rights';

/**
 * What a page's module may export as `prefetchFirstQueries`: starts the queries its page asks
 * for as it first renders, for the rights of the member asking (only those the page would ask
 * for), and resolves once each has answered or failed. routes.tsx starts it when the page is
 * opened directly, and the page renders once, with the answers.
 */
export type FirstQueries = (queryClient: QueryClient, path: string, rights: Rights) => Promise<unknown>;
