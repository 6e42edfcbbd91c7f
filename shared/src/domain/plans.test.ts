import {
  PLANS,
  PLAN_LIMITS,
  canAddWithinLimit,
  comparePlans,
  formatLimit,
  isPaidPlan,
  isPlan,
  isPlanAtLeast,
  isWithinLimit,
  planRank,
  usageText,
} from './plans';

describe('plans', () => {
  it('are ordered free, pro, team, enterprise', () => {
    expect(PLANS).toEqual(['free', 'pro', 'team', 'enterprise']);
    expect(PLANS.map(planRank)).toEqual([0, 1, 2, 3]);
    expect(comparePlans('pro', 'team')).toBeLessThan(0);
    expect(comparePlans('enterprise', 'team')).toBeGreaterThan(0);
    expect(isPlanAtLeast('team', 'pro')).toBe(true);
    expect(isPlanAtLeast('free', 'pro')).toBe(false);
  });

  it('only free is unpaid', () => {
    expect(PLANS.filter(isPaidPlan)).toEqual(['pro', 'team', 'enterprise']);
    expect(isPlan('pro')).toBe(true);
    expect(isPlan('gold')).toBe(false);
  });

  it('has the limits of each plan', () => {
    const column = (key: keyof (typeof PLAN_LIMITS)['free']) =>
      PLANS.map((p) => PLAN_LIMITS[p][key]);
    expect(column('workspacesOwned')).toEqual([1, 3, 10, null]);
    expect(column('tokensPerWorkspace')).toEqual([50, 500, 5000, null]);
    expect(column('membersPerWorkspace')).toEqual([1, 5, 50, null]);
    expect(column('contactGroups')).toEqual([false, true, true, true]);
    expect(column('webhooksPerWorkspace')).toEqual([1, 5, 20, null]);
    expect(column('alertDeliveriesPerMonth')).toEqual([100, 2000, 20000, null]);
    expect(column('auditRetentionDays')).toEqual([30, 90, 365, 2555]);
    expect(column('requireTwoFactor')).toEqual([false, false, true, true]);
    expect(column('monitoredEndpointsPerWorkspace')).toEqual([5, 100, 1000, null]);
    expect(column('hourlyEndpointChecks')).toEqual([false, false, false, true]);
    expect(column('integrationsPerWorkspace')).toEqual([1, 5, 20, null]);
    expect(column('apiKeysPerUser')).toEqual([2, 10, 50, null]);
    expect(column('watchedDomainsPerWorkspace')).toEqual([0, 5, 50, null]);
  });

  it('checks counts against limits, null being unlimited', () => {
    expect(isWithinLimit(50, 50)).toBe(true);
    expect(isWithinLimit(50, 51)).toBe(false);
    expect(isWithinLimit(null, 1_000_000)).toBe(true);
    expect(canAddWithinLimit(50, 49)).toBe(true);
    expect(canAddWithinLimit(50, 50)).toBe(false);
    expect(canAddWithinLimit(1, 0)).toBe(true);
    expect(canAddWithinLimit(null, 10 ** 9)).toBe(true);
  });

  it('formats limits', () => {
    expect(formatLimit(5000)).toBe('5,000');
    expect(formatLimit(null)).toBe('Unlimited');
  });

  it('writes a count against its limit, or alone when there is none', () => {
    expect(usageText(1200, 5000)).toBe('1,200 / 5,000');
    expect(usageText(1200, null)).toBe('1,200');
  });
});
