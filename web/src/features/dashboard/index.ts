/**
 * The dashboard feature's public entry: the first reads its route asks for ahead of the page and
 * puts in the query cache before the page renders (the router's loader of /dashboard). In the
 * start-up bundle: nothing here may bring the page's code or zod (the page itself is the router's
 * lazy route module, dashboard-page.tsx).
 */
export { requestDashboardAhead } from './dashboard-requests-ahead';
export { loadDashboardFirstReads } from './load-dashboard-first-reads';
