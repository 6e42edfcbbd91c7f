import { priceOf } from '../bench/cost/aws-prices';
import { functionLogRetentionDays, runsPerMonth } from '../bench/cost/fixed-cost';
import {
  MONTH_MODEL,
  NO_UNITS,
  REFERENCE_TENANTS,
  costOfUnits,
  digestsPerMonth,
  monthlyOperations,
  tenantMonth,
  withinCostBudget,
  type Operation,
  type OperationUnits,
} from '../bench/cost/monthly-model';

const team = REFERENCE_TENANTS.find((tenant) => tenant.plan === 'team')!;

describe('the cost model', () => {
  it('counts a month of operations from the tenant and the product schedule', () => {
    const month = monthlyOperations(team);
    // 20 members, 3 visits a workday, 21 workdays.
    expect(month.dashboardVisit).toBe(1_260);
    // 5,000 tokens with 5 alerts a year each: about 68.5 due a day.
    expect(month.dueToken).toBeCloseTo((5_000 * 5 * 30) / 365, 6);
    // 50 endpoints checked every 6 hours; 5 integrations synced daily.
    expect(month.endpointCheck).toBe(6_000);
    expect(month.integrationSync).toBe(150);
    expect(monthlyOperations({ ...team, endpoints: 0, integrations: 0 })).toMatchObject({
      endpointCheck: 0,
      integrationSync: 0,
    });
  });

  it('sends a recipient at most one digest a day, and only on days with something due', () => {
    // Many due a day to one address: one digest a day.
    expect(digestsPerMonth(500, 1, 30)).toBeCloseTo(30, 6);
    // One due every 100 days: about 0.3 digests a month.
    expect(digestsPerMonth(0.01, 1, 30)).toBeCloseTo(30 * (1 - Math.exp(-0.01)), 9);
    expect(digestsPerMonth(10, 0, 30)).toBe(0);
    expect(digestsPerMonth(0, 5, 30)).toBe(0);
    expect(monthlyOperations(team).alertDigest).toBeLessThanOrEqual(
      MONTH_MODEL.days * team.alertRecipients,
    );
  });

  it('prices units at the table and sums a tenant month', () => {
    const visit: OperationUnits = {
      ...NO_UNITS,
      readUnits: 8,
      invocations: 6,
      lambdaGbSeconds: 0.03,
      apiRequests: 6,
      cloudFrontRequests: 7,
    };
    const expected =
      8 * 0.125e-6 + 6 * 0.2e-6 + 0.03 * 0.0000133334 + 6 * 1e-6 + 7 * (0.0075 / 10_000);
    expect(costOfUnits(visit)).toBeCloseTo(expected, 12);
    expect(priceOf('sesMessages', 1_000)).toBeCloseTo(0.1, 12);

    const perOperation = Object.fromEntries(
      (
        ['dashboardVisit', 'dueToken', 'alertDigest', 'endpointCheck', 'integrationSync'] as const
      ).map((operation) => [operation, operation === 'dashboardVisit' ? visit : NO_UNITS]),
    ) as Record<Operation, OperationUnits>;
    const month = tenantMonth({
      tenant: team,
      perOperation,
      storageBytesPerToken: 1024,
      logRetentionDays: 30,
    });
    const visits = month.operations.find(({ operation }) => operation === 'dashboardVisit')!;
    expect(visits.usd).toBeCloseTo(1_260 * expected, 9);
    expect(month.storage.bytes).toBe(5_000 * 1024);
    expect(month.logs.bytes).toBe(1_260 * 6 * MONTH_MODEL.logBytesPerInvocation);
    expect(month.usd).toBeCloseTo(visits.usd + month.storage.usd + month.logs.usd, 12);
  });

  it('grows an operation that reads the whole workspace with the tokens of the tenant', () => {
    const sync: OperationUnits = { ...NO_UNITS, readUnits: 500, writeUnits: 2, lambdaMs: 1_000 };
    const perOperation = Object.fromEntries(
      (
        ['dashboardVisit', 'dueToken', 'alertDigest', 'endpointCheck', 'integrationSync'] as const
      ).map((operation) => [operation, operation === 'integrationSync' ? sync : NO_UNITS]),
    ) as Record<Operation, OperationUnits>;
    const enterprise = REFERENCE_TENANTS.find((tenant) => tenant.plan === 'enterprise')!;
    const month = tenantMonth({
      tenant: enterprise,
      perOperation,
      measuredAtTokens: { integrationSync: 5_000 },
      storageBytesPerToken: 0,
      logRetentionDays: 30,
    });
    const syncs = month.operations.find(({ operation }) => operation === 'integrationSync')!;
    const perSync = (enterprise.tokens / 5_000) * 500;
    expect(syncs.units.readUnits).toBeCloseTo(syncs.count * perSync, 6);
    expect(syncs.units.writeUnits).toBeCloseTo(syncs.count * 2, 6);
  });

  it('judges the budget against 2% of the plan price', () => {
    expect(withinCostBudget(1.58, 79)).toBe(true);
    expect(withinCostBudget(1.59, 79)).toBe(false);
  });

  it('reads schedules and log retention from the templates', () => {
    expect(runsPerMonth('rate(1 hour)')).toBe(720);
    expect(runsPerMonth('rate(7 days)')).toBeCloseTo(30 / 7, 9);
    expect(runsPerMonth('rate(5 minutes)')).toBe(8_640);
    expect(runsPerMonth('cron(0 9 ? * MON *)')).toBeUndefined();
    const logGroup = (days: number) => ({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: days },
    });
    expect(
      functionLogRetentionDays({
        directory: '',
        stacks: [
          {
            name: 'A',
            template: { Resources: { a: logGroup(30), b: logGroup(30), c: logGroup(90) } },
          },
        ],
      }),
    ).toBe(30);
  });
});
