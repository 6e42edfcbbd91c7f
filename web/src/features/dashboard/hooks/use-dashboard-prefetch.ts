import { useQueryClient } from '@tanstack/react-query';
import type { Category } from '@expiry-radar/shared/domain/categories';
import { tokenSummaryQueryOptions } from '../../tokens';
import { firstPageQueryOptions } from '../first-page-query';

/**
 * Starts the dashboard's reads as it renders, before the rest of the page (the create form, the
 * shell) has rendered and committed: the summary, and the visible cards' first pages, which the
 * cards would otherwise ask for only once the summary has answered (they mount after it). The
 * same queries the summary and the cards then read; like TanStack Query's `usePrefetchQuery`,
 * a query that has any cached state is left alone (the cards refresh stale lists themselves).
 * Cheap on every render: a few cache look-ups.
 */
export function useDashboardPrefetch(
  workspaceId: string,
  section: string,
  categories: readonly Category[],
): void {
  const queryClient = useQueryClient();
  const summary = tokenSummaryQueryOptions(workspaceId);
  const summaryState = queryClient.getQueryState(summary.queryKey);
  if (!summaryState) void queryClient.prefetchQuery(summary);
  // Once the summary is there, the cards are mounted and read their own (sorted, searched) lists.
  if (summaryState?.data !== undefined) return;
  for (const category of categories) {
    const list = firstPageQueryOptions(workspaceId, category, section);
    if (!queryClient.getQueryState(list.queryKey)) void queryClient.prefetchInfiniteQuery(list);
  }
}
