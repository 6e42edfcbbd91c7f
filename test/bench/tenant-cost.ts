/**
 * What a tenant costs per month (budget: docs/architecture.md): the units of each operation
 * measured with the real handlers and jobs against the emulators (cost/measure-operations.ts),
 * times how often a month brings it for three reference tenants (cost/monthly-model.ts), at
 * the list prices of cost/aws-prices.ts; then the fixed monthly cost of one deployment, counted
 * from the synthesized templates (cdk.out; synthesized first when absent). The Team tenant's
 * variable cost has a budget: at most 2% of the Team plan's monthly price.
 *
 * Starts its own emulators. Standalone: `npx tsx test/bench/tenant-cost.ts`; also part of
 * `npm run bench` (`npm run bench -- cost`).
 */
import { DEFAULT_PLAN_PRICES } from '@expiry-radar/shared/domain/plan-prices';
import { readCloudAssembly } from '../rehearsal/cloud-assembly';
import { withBenchEmulators } from './bench-emulators';
import { synthesizedAssembly } from './bundle-sizes';
import { AWS_PRICES_READ_ON, AWS_PRICES_REGION, AWS_PRICES_SOURCE } from './cost/aws-prices';
import { fixedMonthlyCost, functionLogRetentionDays } from './cost/fixed-cost';
import { measureOperations, type MeasuredOperations } from './cost/measure-operations';
import {
  COST_BUDGET_SHARE,
  MONTH_MODEL,
  OPERATIONS,
  OPERATION_LABELS,
  REFERENCE_TENANTS,
  costOfUnits,
  tenantMonth,
  withinCostBudget,
  type OperationUnits,
} from './cost/monthly-model';

const usd = (value: number) =>
  value >= 1
    ? `$${value.toFixed(2)}`
    : value >= 0.01
      ? `$${value.toFixed(3)}`
      : `$${value.toFixed(5)}`;
const figure = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 1 ? 1 : 3);

function describeUnits(units: OperationUnits): string {
  const parts = [
    `${figure(units.readUnits)} RRU`,
    `${figure(units.writeUnits)} WRU`,
    `${figure(units.invocations)} invocations`,
    `${figure(units.lambdaMs)} Lambda ms`,
  ];
  if (units.sqsRequests > 0) parts.push(`${figure(units.sqsRequests)} SQS requests`);
  if (units.sesMessages > 0) parts.push(`${figure(units.sesMessages)} emails`);
  if (units.apiRequests > 0) parts.push(`${figure(units.apiRequests)} API requests`);
  if (units.cloudFrontRequests > 0) {
    parts.push(`${figure(units.cloudFrontRequests)} CloudFront requests`);
  }
  return parts.join(', ');
}

export async function measureTenantCost(): Promise<void> {
  const assembly = readCloudAssembly(synthesizedAssembly());
  let measured: MeasuredOperations | undefined;
  await withBenchEmulators(
    'cost-bench',
    async (emulators) => {
      measured = await measureOperations(emulators);
    },
    {
      // The Vault stand-in listens on loopback; the integration's credentials are sealed with a
      // key of this run (in AWS a KMS key).
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      INTEGRATION_CREDENTIALS_KEY: 'cost-bench-integration-credentials-key',
    },
  );
  if (!measured) throw new Error('Nothing was measured');
  const logRetentionDays = functionLogRetentionDays(assembly);

  console.log(
    `Cost model: units measured with the real handlers and jobs against the emulators, priced at the ${AWS_PRICES_REGION} list prices read ${AWS_PRICES_READ_ON} (${AWS_PRICES_SOURCE}; test/bench/cost/aws-prices.ts)`,
  );
  console.log(
    'Per operation (warm, Lambda time measured in this process at the configured memory):',
  );
  for (const operation of OPERATIONS) {
    const units = measured.perOperation[operation];
    console.log(
      `  ${OPERATION_LABELS[operation]}: ${describeUnits(units)} = ${usd(costOfUnits(units) * 1_000_000)} per million`,
    );
  }
  console.log(
    `  storage: ${Math.round(measured.storageBytesPerToken)} bytes per token (the Team workspace's items with their index copies, per token)`,
  );
  for (const note of measured.notes) console.log(`  (${note})`);

  for (const tenant of REFERENCE_TENANTS) {
    const month = tenantMonth({
      tenant,
      perOperation: measured.perOperation,
      measuredAtTokens: measured.measuredAtTokens,
      storageBytesPerToken: measured.storageBytesPerToken,
      logRetentionDays,
    });
    console.log(
      `\n${tenant.label} (${tenant.plan} plan): ${tenant.tokens.toLocaleString('en-US')} tokens, ${tenant.endpoints} monitored endpoints, ${tenant.integrations} integrations, ${tenant.members} members, ${tenant.alertRecipients} alert recipients`,
    );
    for (const { operation, count, units, usd: cost } of month.operations) {
      console.log(
        `  ${OPERATION_LABELS[operation].padEnd(34)} ${figure(count).padStart(9)} a month: ${describeUnits(units)}: ${usd(cost)}`,
      );
    }
    console.log(
      `  ${'storage'.padEnd(34)} ${(month.storage.bytes / 1024 ** 2).toFixed(1).padStart(9)} MB: ${usd(month.storage.usd)}`,
    );
    console.log(
      `  ${'logs'.padEnd(34)} ${(month.logs.bytes / 1024 ** 2).toFixed(1).padStart(9)} MB ingested, kept ${logRetentionDays} days: ${usd(month.logs.usd)}`,
    );
    const price = DEFAULT_PLAN_PRICES[tenant.plan].monthly.amount;
    const budget =
      tenant.plan === 'team'
        ? ` [budget ${COST_BUDGET_SHARE * 100}% of the Team plan's $${price}: ${withinCostBudget(month.usd, price) ? 'within' : 'OVER'}]`
        : price > 0
          ? ` (${((month.usd / price) * 100).toFixed(2)}% of the plan's $${price})`
          : '';
    console.log(`  variable cost: ${usd(month.usd)} a month${budget}`);
  }

  const fixed = fixedMonthlyCost(assembly, measured.emptyScanRun);
  console.log(
    '\nFixed monthly cost of one deployment (from the synthesized templates in cdk.out):',
  );
  for (const line of fixed.lines) console.log(`  ${line.label}: ${usd(line.usd)}`);
  console.log(`  total: ${usd(fixed.usd)} a month`);
  console.log(
    `\nThe month: ${MONTH_MODEL.visitsPerMemberPerWorkday} dashboard visits per member per workday (${MONTH_MODEL.workdays} workdays), ${MONTH_MODEL.scanRuns} scan runs, ${MONTH_MODEL.alertsPerTokenPerYear} alerts per token per year, ${MONTH_MODEL.endpointChecksPerDay} checks per endpoint per day, ${MONTH_MODEL.syncsPerIntegrationPerDay} sync per integration per day, ${MONTH_MODEL.logBytesPerInvocation} bytes of logs per invocation (test/bench/cost/monthly-model.ts)`,
  );
}

if (require.main === module) {
  measureTenantCost().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
