/** Plans in order, cheapest first, and their limits. `null` means unlimited. */
import * as z from 'zod';
import { countText } from './count-text';

export const PLANS = ['free', 'pro', 'team', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const planSchema = z.enum(PLANS);

export const PLAN_LABELS: Readonly<Record<Plan, string>> = {
  free: 'Free',
  pro: 'Pro',
  team: 'Team',
  enterprise: 'Enterprise',
};

/** A count limit; `null` is unlimited. */
export type Limit = number | null;

export interface PlanLimits {
  readonly workspacesOwned: Limit;
  readonly tokensPerWorkspace: Limit;
  readonly membersPerWorkspace: Limit;
  /** Contact groups and the per-token contact group. */
  readonly contactGroups: boolean;
  readonly webhooksPerWorkspace: Limit;
  readonly alertDeliveriesPerMonth: Limit;
  readonly auditRetentionDays: number;
  /** Whether a workspace's admins may require two-factor authentication of its members. */
  readonly requireTwoFactor: boolean;
  /** TLS endpoints monitored for a workspace's certificates. */
  readonly monitoredEndpointsPerWorkspace: Limit;
  /** Whether a workspace may check its endpoints hourly instead of every 6 hours. */
  readonly hourlyEndpointChecks: boolean;
  /** Discovery integrations (AWS, GitLab, Vault) per workspace. */
  readonly integrationsPerWorkspace: Limit;
  /** Personal API keys a user may hold at once; the user's own plan applies. */
  readonly apiKeysPerUser: Limit;
  /**
   * Domains a workspace watches in certificate transparency logs. Domain registration tokens that
   * follow their domain through RDAP are tokens, within `tokensPerWorkspace`.
   */
  readonly watchedDomainsPerWorkspace: Limit;
  /** Whether a workspace may install the Slack app (alerts in a channel, actions in Slack). */
  readonly slackApp: boolean;
}

export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = {
  free: {
    workspacesOwned: 1,
    tokensPerWorkspace: 50,
    membersPerWorkspace: 1,
    contactGroups: false,
    webhooksPerWorkspace: 1,
    alertDeliveriesPerMonth: 100,
    auditRetentionDays: 30,
    requireTwoFactor: false,
    monitoredEndpointsPerWorkspace: 5,
    hourlyEndpointChecks: false,
    integrationsPerWorkspace: 1,
    apiKeysPerUser: 2,
    watchedDomainsPerWorkspace: 0,
    slackApp: false,
  },
  pro: {
    workspacesOwned: 3,
    tokensPerWorkspace: 500,
    membersPerWorkspace: 5,
    contactGroups: true,
    webhooksPerWorkspace: 5,
    alertDeliveriesPerMonth: 2_000,
    auditRetentionDays: 90,
    requireTwoFactor: false,
    monitoredEndpointsPerWorkspace: 100,
    hourlyEndpointChecks: false,
    integrationsPerWorkspace: 5,
    apiKeysPerUser: 10,
    watchedDomainsPerWorkspace: 5,
    slackApp: true,
  },
  team: {
    workspacesOwned: 10,
    tokensPerWorkspace: 5_000,
    membersPerWorkspace: 50,
    contactGroups: true,
    webhooksPerWorkspace: 20,
    alertDeliveriesPerMonth: 20_000,
    auditRetentionDays: 365,
    requireTwoFactor: true,
    monitoredEndpointsPerWorkspace: 1_000,
    hourlyEndpointChecks: false,
    integrationsPerWorkspace: 20,
    apiKeysPerUser: 50,
    watchedDomainsPerWorkspace: 50,
    slackApp: true,
  },
  enterprise: {
    workspacesOwned: null,
    tokensPerWorkspace: null,
    membersPerWorkspace: null,
    contactGroups: true,
    webhooksPerWorkspace: null,
    alertDeliveriesPerMonth: null,
    auditRetentionDays: 2_555,
    requireTwoFactor: true,
    monitoredEndpointsPerWorkspace: null,
    hourlyEndpointChecks: true,
    integrationsPerWorkspace: null,
    apiKeysPerUser: null,
    watchedDomainsPerWorkspace: null,
    slackApp: true,
  },
};

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** 0 for free up to 3 for enterprise. */
export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

/** Negative when `a` is below `b`, 0 when equal, positive when above. */
export function comparePlans(a: Plan, b: Plan): number {
  return planRank(a) - planRank(b);
}

export function isPlanAtLeast(plan: Plan, minimum: Plan): boolean {
  return comparePlans(plan, minimum) >= 0;
}

export function isPaidPlan(plan: Plan): boolean {
  return plan !== 'free';
}

/** Whether `count` items (the total after the change) fit in `limit`; null is unlimited. */
export function isWithinLimit(limit: Limit, count: number): boolean {
  return limit === null || count <= limit;
}

/** Whether one more item may be added to `currentCount` existing ones. */
export function canAddWithinLimit(limit: Limit, currentCount: number): boolean {
  return isWithinLimit(limit, currentCount + 1);
}

/** The items a limit keeps, given in the order that keeps them: the first `limit`. */
export function keptWithinLimit<T>(ordered: readonly T[], limit: Limit): T[] {
  return limit === null ? [...ordered] : ordered.slice(0, limit);
}

/**
 * The items a limit leaves out after a downgrade, given in the order that keeps them (the first
 * `limit` are kept): these are paused, never deleted, so upgrading again resumes them at once.
 */
export function beyondLimit<T>(ordered: readonly T[], limit: Limit): T[] {
  return limit === null ? [] : ordered.slice(limit);
}

/** "Unlimited" or the number with thousands separators ("5,000"). */
export function formatLimit(limit: Limit): string {
  return limit === null ? 'Unlimited' : countText(limit);
}

/** A count against its limit: "1,200 / 5,000", or "1,200" with no limit. */
export function usageText(count: number, limit: Limit): string {
  return limit === null ? countText(count) : `${countText(count)} / ${formatLimit(limit)}`;
}
