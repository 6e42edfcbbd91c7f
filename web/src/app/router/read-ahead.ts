import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { loadDashboardFirstReads, requestDashboardAhead } from '../../features/dashboard';
import { runtimeConfigLoaded } from '../../lib/runtime-config';

/**
 * How long the app's first render waits for the dashboard's first reads. Past it the page renders
 * without them (skeletons) and fills in as they come: a slow API shows the page, not a spinner.
 */
export const FIRST_READS_WAIT_MS = 1_000;

const waited = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The loader of /dashboard. As the app starts on it (the router's first navigation, to the page's
 * own URL), it asks for the page's first reads as soon as the runtime settings (the API's address)
 * are in, if the page's first script has not already (start-reads.ts), and waits, while the
 * route's chunks load, until they are the page's queries' data (features/dashboard, up to
 * FIRST_READS_WAIT_MS): the page then renders once, every card filled, rather than once per
 * answer. Later navigations find the session and the workspaces in the cache, and the page's
 * queries read what is not.
 */
export function dashboardLoader(queryClient: QueryClient): LoaderFunction {
  // Per router: only its first navigation is the app starting.
  let started = false;
  return async ({ request }) => {
    const url = new URL(request.url);
    const starting =
      !started &&
      url.pathname === window.location.pathname &&
      url.search === window.location.search;
    started = true;
    if (!starting) return null;
    await runtimeConfigLoaded();
    requestDashboardAhead(url);
    // A chunk that fails to load here fails the route's own lazy load too, which reports it.
    const firstReads = loadDashboardFirstReads(queryClient, url).catch(() => undefined);
    await Promise.race([firstReads, waited(FIRST_READS_WAIT_MS)]);
    return null;
  };
}
