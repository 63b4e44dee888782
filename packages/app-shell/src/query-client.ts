import { isHttpError } from '@cadence/http-client/http-error';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportError } from './report-error';

export const QUERY_STALE_TIME_MS = 30_000;
export const MAX_QUERY_RETRIES = 2;
/** Statuses that a retry cannot fix, and that pages handle themselves (login, 404 page). */
const FINAL_STATUSES = new Set([401, 403, 404]);

/** Spec 9: failed queries are retried at most 2 times, never on 401, 403 or 404. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && (FINAL_STATUSES.has(error.status) || error.isCancelled)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silentError?: boolean };
    mutationMeta: { silentError?: boolean };
  }
}

/**
 * Query errors the page does not handle itself are reported (toast or debug dialog); a query
 * or mutation opts out with `meta: {silentError: true}` (e.g. a form showing field errors).
 */
export function createQueryClient(report: (error: unknown) => void = reportError): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silentError) return;
        if (isHttpError(error) && FINAL_STATUSES.has(error.status)) return;
        report(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentError) report(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetryQuery },
      mutations: { retry: false },
    },
  });
}
