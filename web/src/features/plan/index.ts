/**
 * The plan feature's public entry: the user's plan and the organization's usage against it, read
 * by the billing, usage and audit pages; a change to workspaces, members or tokens refreshes them
 * through `planKeys`.
 */
export { planKeys } from './api/plan-keys';
export { organizationUsageQueryOptions, planQueryOptions } from './api/plan-queries';
