/**
 * The plan feature's public entry: the user's plan and the organization's usage against it, read
 * by the billing, usage and audit pages; a change to workspaces, members or tokens refreshes them
 * through `planKeys`. The plans' prices, read by the pricing and billing pages.
 */
export { planKeys } from './api/plan-keys';
export {
  organizationUsageQueryOptions,
  planPricesQueryOptions,
  planQueryOptions,
} from './api/plan-queries';
