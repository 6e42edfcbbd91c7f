import { queryOptions } from '@tanstack/react-query';
import { CLIENT_CACHE_MS, SESSION_CHECK } from '@expiry-radar/shared/constants/timing';
import { startUpRoutes } from '@expiry-radar/shared/api/start-up-routes';
import { requestRoute } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { sessionKeys } from './session-keys';
import { sessionSchema } from './session-schema';

/** Retries of the session check: 3 on the dashboard, 1 elsewhere. */
export function sessionRetryLimit(pathname: string): number {
  return pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`)
    ? SESSION_CHECK.dashboardRetries
    : SESSION_CHECK.otherRetries;
}

/** 100 ms, doubling, at most 500 ms. */
export function sessionRetryDelay(attemptIndex: number): number {
  return Math.min(SESSION_CHECK.initialDelayMs * 2 ** attemptIndex, SESSION_CHECK.maxDelayMs);
}

export function sessionQueryOptions(pathname: string) {
  return queryOptions({
    queryKey: sessionKeys.current(),
    // The route's answer checked with the web's zod/mini copy of its schema (the landing bundle).
    queryFn: ({ signal }) =>
      requestRoute(startUpRoutes.getSession, {}, { schema: sessionSchema, signal }),
    retry: sessionRetryLimit(pathname),
    retryDelay: sessionRetryDelay,
    // A failed check stays failed until Retry: a guard mounting on it must not start the check
    // again (it would show the spinner, unmount, and mount again, without end).
    retryOnMount: false,
    // Checked on load; sign-in, sign-out and plan changes update or invalidate it.
    staleTime: Number.POSITIVE_INFINITY,
    // Checked again as the tab comes back (focus, visible) once the answer is as old as the
    // plan's cache time: another tab may have changed the plan or signed out meanwhile.
    refetchOnWindowFocus: (query) =>
      Date.now() - query.state.dataUpdatedAt >= CLIENT_CACHE_MS.plan ? 'always' : false,
  });
}
