import { startUpRoutes } from '@expiry-radar/shared/api/start-up-routes';
import { categoryPageQuery } from '@expiry-radar/shared/api/token-list-request';
import { WORKSPACE_LOOKUP_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { CATEGORIES } from '@expiry-radar/shared/domain/category-values';
import { mayBeKnownWorkspace } from '../../lib/known-workspaces';
import { requestAhead } from '../../lib/requests-ahead';
import { localStore, storageKeys } from '../../lib/local-store';
import { queryParams } from '../../lib/paths';
import { sectionFilterFrom } from './section-filter-param';
import { DEFAULT_SORT, requestSort } from './token-sort-state';

// In the page's first script (start-reads.ts) and the start-up bundle (index.ts): zod-free
// imports only.

/**
 * The dashboard's first reads, asked for as the page starts on /dashboard (start-reads.ts, before
 * the app's code runs; again by the route's loader once the settings are in, which sends only what
 * is not already asked for), all at once rather than each after the answer before it has
 * rendered: the session, and when this browser was signed in at its last check
 * (`useSignedInHint`) the workspace list and every category's first page of the workspace the
 * URL names (the app keeps it there), else of the last one used (the pages carry the summary the
 * filter chips show: dashboard-first-reads.ts). The same routes and queries the page's own
 * queries then send, so they take these answers. None for a workspace the user's last list did
 * not offer (known-workspaces.ts: one deleted, left, frozen or another's, which the page does not
 * select either); one the page still does not select (a first visit in this browser) costs
 * requests nobody takes: the page reads its own as it renders.
 */
export function requestDashboardAhead(url: URL): void {
  requestAhead(startUpRoutes.getSession);
  // The other reads need a session: unless this browser was signed in at its last check, they
  // wait for the session's answer (a signed-out visit would only get 401s, in the console too).
  if (localStore.get(storageKeys.signedIn) === null) return;
  requestAhead(startUpRoutes.listWorkspaces, {
    query: { limit: WORKSPACE_LOOKUP_PAGE_SIZE, offset: 0 },
  });
  // `view=account` is the account settings, not the dashboard.
  if (url.searchParams.get(queryParams.view) !== null) return;
  // As the page chooses (chooseWorkspace), by the user's last list: a link to a workspace it did
  // not offer (deleted, another's: its reads would answer 404) gives way to the last used one.
  const workspaceId = [
    url.searchParams.get(queryParams.workspace),
    localStore.get(storageKeys.lastWorkspace),
  ].find((id) => id && mayBeKnownWorkspace(id));
  if (!workspaceId) return;
  const section = sectionFilterFrom(url.searchParams.get(queryParams.section));
  for (const category of CATEGORIES) {
    requestAhead(startUpRoutes.listTokens, {
      query: categoryPageQuery({
        workspaceId,
        category,
        offset: 0,
        q: '',
        sort: requestSort(DEFAULT_SORT),
        section,
      }),
    });
  }
}
