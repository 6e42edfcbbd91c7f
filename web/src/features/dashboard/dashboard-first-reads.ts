import type { QueryClient } from '@tanstack/react-query';
import { CATEGORIES } from '@expiry-radar/shared/domain/category-values';
import { localStore, storageKeys } from '../../lib/local-store';
import { queryParams } from '../../lib/paths';
import { dropAnswersAhead } from '../../lib/requests-ahead';
import { sessionQueryOptions } from '../session';
import { tokenSummaryFromCategoryPages, tokenSummaryQueryOptions } from '../tokens';
import { chooseWorkspace, isBlockedByTwoFactor, workspaceListQueryOptions } from '../workspaces';
import { sectionFilterFrom } from './section-filter-param';
import { firstPageQueryOptions } from './first-page-query';

/**
 * The dashboard's first reads as the page's own queries, in the query cache before the page first
 * renders (the route's loader waits for them as the app starts on /dashboard): the session, the
 * workspace list, then every category's first page of the selected workspace, and its summary
 * (the total and the facets with no filter) from those pages once every one answered, which
 * together carry it (tokenSummaryFromCategoryPages): one request fewer as the page starts. The page
 * then renders once, with every card filled, rather than once per answer. They take the answers
 * asked for ahead (dashboard-requests-ahead.ts), so nothing is asked for twice.
 *
 * The same checks as the page, so nothing is read that the page would not read: a signed-in,
 * verified session; the workspace the page selects (chooseWorkspace: the URL's, else the last
 * used); none that requires two-factor of a member without it. A failed read is left to the page,
 * which asks again as it renders and reports the failure.
 */
export async function fetchDashboardFirstReads(queryClient: QueryClient, url: URL): Promise<void> {
  // `view=account` is the account settings, not the dashboard.
  if (url.searchParams.get(queryParams.view) !== null) return;
  const session = await queryClient
    .fetchQuery(sessionQueryOptions(url.pathname))
    .catch(() => undefined);
  const user = session?.loggedIn ? session.user : undefined;
  if (!user || session?.needsVerification) {
    // The page sends this visitor to /login or /verify-email: nobody takes the other answers.
    dropAnswersAhead();
    return;
  }
  const workspaces = await queryClient
    .fetchQuery(workspaceListQueryOptions())
    .catch(() => undefined);
  if (!workspaces) return;
  const workspace = chooseWorkspace({
    workspaces: workspaces.items,
    fromUrl: url.searchParams.get(queryParams.workspace),
    stored: localStore.get(storageKeys.lastWorkspace),
  });
  if (!workspace || isBlockedByTwoFactor(workspace, user.twoFactorEnabled)) return;
  const section = sectionFilterFrom(url.searchParams.get(queryParams.section));
  const firstPages = await Promise.all(
    CATEGORIES.map((category) =>
      queryClient
        .fetchInfiniteQuery(firstPageQueryOptions(workspace.id, category, section))
        .catch(() => undefined),
    ),
  );
  const answered = CATEGORIES.flatMap((category, index) => {
    const facets = firstPages[index]?.pages[0]?.facets;
    return facets ? [{ category, facets }] : [];
  });
  const summary = tokenSummaryQueryOptions(workspace.id);
  if (
    answered.length === CATEGORIES.length &&
    queryClient.getQueryData(summary.queryKey) === undefined
  ) {
    queryClient.setQueryData(summary.queryKey, tokenSummaryFromCategoryPages(answered));
  }
}
