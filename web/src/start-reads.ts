/**
 * The page's first script: built on its own into one small classic script that index.html loads
 * `async` ahead of the app's entry (web/vite.config.ts). As the page starts on /dashboard it asks
 * for the runtime settings (`/config.json`) and then the dashboard's first reads
 * (features/dashboard/dashboard-requests-ahead.ts), before the app's code is fetched, compiled
 * and run, rather than after it and the settings, and it preloads the dashboard route's chunks. The reads go to the API on the page's own
 * origin, where it is deployed (behind CloudFront) and run locally; settings that name another
 * API origin make these answers ones nobody takes (they are dropped), and the route's loader then
 * asks that origin. The app takes them from `globalThis` (requests-ahead.ts,
 * current-runtime-config.ts): this script shares no module with the app's chunks.
 */
import { requestDashboardAhead } from './features/dashboard';
import { requestRuntimeConfigAhead } from './lib/current-runtime-config';
import { paths } from './lib/paths';

/**
 * The dashboard route's chunks (web/vite.config.ts names them on this script's tag: the route's
 * own and those it imports beyond the entry's), fetched and compiled now rather than once the
 * app's entry has run, its router asks for the route and the route's chunk names the others.
 */
function preloadDashboardRouteChunks(): void {
  const chunks = document.querySelector<HTMLScriptElement>('script[data-dashboard-chunks]')?.dataset
    .dashboardChunks;
  for (const chunk of chunks?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = chunk;
    document.head.append(link);
  }
}

/**
 * Opens the page's session and local storage now. A page's first read of each waits on the
 * browser's own process (busy with the page's requests as it starts, for tens of milliseconds
 * at times); made here, that wait overlaps the app's code loading instead of holding up the
 * router, which reads session storage as it is made, and the theme, which reads local storage.
 */
function openStorage(): void {
  for (const storage of ['sessionStorage', 'localStorage'] as const) {
    try {
      window[storage].getItem('');
    } catch {
      // Storage the browser refuses (blocked cookies): the app reads it the same careful way.
    }
  }
}

/**
 * Loads the browser's locale data for comparing names and formatting dates while the page waits
 * on the network, rather than during the dashboard's first render: the page's first collator and
 * first date formatter cost about 8 and 5 ms of the main thread each (the data they load), every
 * later one almost nothing. The dashboard sorts sections and rows with one (lib/compare-names.ts)
 * and shows expiry dates with the other (lib/date-format.ts). Each waits for an idle moment.
 */
function loadLocaleDataWhenIdle(): void {
  if (typeof window.requestIdleCallback !== 'function') return;
  window.requestIdleCallback(() => new Intl.Collator(undefined, { numeric: true }).compare('', ''));
  window.requestIdleCallback(() =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0),
  );
}

if (window.location.pathname === paths.dashboard) {
  // The settings first: the app's first render waits for them.
  requestRuntimeConfigAhead();
  requestDashboardAhead(new URL(window.location.href));
  preloadDashboardRouteChunks();
  loadLocaleDataWhenIdle();
}
openStorage();
