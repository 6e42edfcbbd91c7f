import type { QueryClient } from '@tanstack/react-query';

/**
 * Fills the query cache with the dashboard's first reads (dashboard-first-reads.ts). In the
 * start-up bundle for the router's loader; the reads' code (and the zod schemas that check the
 * answers) comes in its own chunk, beside the page's.
 */
export async function loadDashboardFirstReads(queryClient: QueryClient, url: URL): Promise<void> {
  const { fetchDashboardFirstReads } = await import('./dashboard-first-reads');
  await fetchDashboardFirstReads(queryClient, url);
}
