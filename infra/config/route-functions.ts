/**
 * Routes whose function needs more than the defaults of AppFunction (512 MB, 10 seconds). API
 * Gateway's HTTP APIs give up on an integration after 30 seconds, so no route waits longer.
 */
import type { RouteId } from '@expiry-radar/shared/api/route-table';

export interface RouteFunctionSize {
  readonly memorySize: number;
  readonly timeoutSeconds: number;
}

export const routeFunctionSizes: Partial<Record<RouteId, RouteFunctionSize>> = {
  // Up to 5,000 rows checked in memory and written in transactions of 99 tokens, one after the
  // other (they all change the workspace's counters).
  importTokens: { memorySize: 1024, timeoutSeconds: 29 },
  // A scan's up to 5,000 items, written like an import's rows.
  reportScan: { memorySize: 1024, timeoutSeconds: 29 },
  // One TLS connection with a 10 second deadline, after the session lookup and a DNS lookup.
  probeEndpoint: { memorySize: 512, timeoutSeconds: 20 },
  // Pages of the source read one after the other (each up to 10 s), then token transactions.
  syncIntegration: { memorySize: 512, timeoutSeconds: 29 },
  previewIntegrationSync: { memorySize: 512, timeoutSeconds: 29 },
};
