import type { LoaderFunction } from 'react-router';
import { requestDashboardAhead } from '../../features/dashboard';
import { runtimeConfigLoaded } from '../../lib/runtime-config';

let started = false;

/**
 * The loader of /dashboard as the app starts on it (the router's first navigation, to the page's
 * own URL): asks for the page's first reads as soon as the runtime settings (the API's address)
 * are in, while the route's chunks load, rather than each after the shell, the session and the
 * workspaces have rendered (features/dashboard/index.ts: a few lines in the start-up bundle). It
 * does not wait for them. Later navigations find the session and the workspaces in the cache, and
 * the page's queries read what is not.
 */
export const readDashboardAhead: LoaderFunction = ({ request }) => {
  const url = new URL(request.url);
  const starting =
    !started && url.pathname === window.location.pathname && url.search === window.location.search;
  started = true;
  if (starting) void runtimeConfigLoaded().then(() => requestDashboardAhead(url));
  return null;
};
