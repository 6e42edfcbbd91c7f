/**
 * The month of the cost benchmark: how often each measured operation happens for a tenant, and
 * what the units of a month cost at the list prices (aws-prices.ts). Pure functions; the units
 * per operation come from the measurement (measure-operations.ts).
 *
 * The assumptions (docs/deploy.md, "What it costs"):
 * - each member opens the dashboard VISITS_PER_MEMBER_PER_WORKDAY times a workday, 21 workdays;
 * - each token expires (and is renewed) once a year and gets one alert per default threshold
 *   (DEFAULT_ALERT_THRESHOLDS: 30, 14, 7, 1 and 0 days before), due evenly over the year;
 * - the tokens due on a day go out in one scan run, one digest per recipient with a token due:
 *   the tenant's tokens are spread evenly over its alert recipients;
 * - each monitored endpoint is checked at the product's default frequency (every 6 hours);
 * - each integration syncs once a day on schedule and finds nothing changed; a sync reads every
 *   token of its workspace, so its reads and time grow with the tenant's tokens;
 * - every invocation writes LOG_BYTES_PER_INVOCATION bytes of logs (Lambda's START, END and
 *   REPORT lines and one line of the function's own), kept for the log groups' retention.
 */
import { DEFAULT_ALERT_THRESHOLDS } from '@expiry-radar/shared/domain/alerts';
import { ENDPOINT_CHECK_INTERVAL_HOURS } from '@expiry-radar/shared/domain/endpoints';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { priceOf, type PricedUnit } from './aws-prices';

/** What one operation uses, as measured (fractions where one invocation serves several). */
export interface OperationUnits {
  readonly readUnits: number;
  readonly writeUnits: number;
  readonly invocations: number;
  /** Lambda's billed milliseconds (each invocation rounded up to the next millisecond). */
  readonly lambdaMs: number;
  /** The billed milliseconds at each function's configured memory, in GB-seconds. */
  readonly lambdaGbSeconds: number;
  readonly sqsRequests: number;
  readonly sesMessages: number;
  readonly apiRequests: number;
  readonly cloudFrontRequests: number;
}

export const NO_UNITS: OperationUnits = {
  readUnits: 0,
  writeUnits: 0,
  invocations: 0,
  lambdaMs: 0,
  lambdaGbSeconds: 0,
  sqsRequests: 0,
  sesMessages: 0,
  apiRequests: 0,
  cloudFrontRequests: 0,
};

export const OPERATIONS = [
  'dashboardVisit',
  'dueToken',
  'alertDigest',
  'endpointCheck',
  'integrationSync',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export const OPERATION_LABELS: Readonly<Record<Operation, string>> = {
  dashboardVisit: 'dashboard visit',
  dueToken: 'expiry scan, per due token',
  alertDigest: 'alert digest delivered',
  endpointCheck: 'endpoint check',
  integrationSync: 'integration sync, nothing changed',
};

export interface TenantProfile {
  readonly label: string;
  readonly plan: Plan;
  readonly tokens: number;
  readonly endpoints: number;
  readonly integrations: number;
  readonly members: number;
  /** Addresses the tenant's alerts go to, its tokens spread evenly over them. */
  readonly alertRecipients: number;
}

export const REFERENCE_TENANTS: readonly TenantProfile[] = [
  {
    label: 'Free user',
    plan: 'free',
    tokens: 50,
    endpoints: 0,
    integrations: 0,
    members: 1,
    alertRecipients: 1,
  },
  {
    label: 'Team',
    plan: 'team',
    tokens: 5_000,
    endpoints: 50,
    integrations: 5,
    members: 20,
    alertRecipients: 5,
  },
  {
    label: 'Enterprise',
    plan: 'enterprise',
    tokens: 100_000,
    endpoints: 500,
    integrations: 20,
    members: 200,
    alertRecipients: 50,
  },
];

export const MONTH_MODEL = {
  days: 30,
  workdays: 21,
  visitsPerMemberPerWorkday: 3,
  scanRuns: 720,
  alertsPerTokenPerYear: DEFAULT_ALERT_THRESHOLDS.length,
  endpointChecksPerDay: 24 / ENDPOINT_CHECK_INTERVAL_HOURS.every_6_hours,
  syncsPerIntegrationPerDay: 1,
  logBytesPerInvocation: 600,
} as const;
export type MonthModel = typeof MONTH_MODEL;

/**
 * Digests a month: on each day, each recipient with at least one token due gets one. With
 * `duePerDay` tokens due a day spread evenly (Poisson) over `recipients`, a recipient has one
 * due with probability 1 - e^(-duePerDay / recipients).
 */
export function digestsPerMonth(duePerDay: number, recipients: number, days: number): number {
  if (recipients <= 0 || duePerDay <= 0) return 0;
  return days * recipients * (1 - Math.exp(-duePerDay / recipients));
}

/** How often each operation happens in a month for `tenant`. */
export function monthlyOperations(
  tenant: TenantProfile,
  model: MonthModel = MONTH_MODEL,
): Record<Operation, number> {
  const duePerDay = (tenant.tokens * model.alertsPerTokenPerYear) / 365;
  return {
    dashboardVisit: tenant.members * model.visitsPerMemberPerWorkday * model.workdays,
    dueToken: duePerDay * model.days,
    alertDigest: digestsPerMonth(duePerDay, tenant.alertRecipients, model.days),
    endpointCheck: tenant.endpoints * model.endpointChecksPerDay * model.days,
    integrationSync: tenant.integrations * model.syncsPerIntegrationPerDay * model.days,
  };
}

export function scaleUnits(units: OperationUnits, factor: number): OperationUnits {
  const scaled = { ...units };
  for (const key of Object.keys(scaled) as (keyof OperationUnits)[]) scaled[key] *= factor;
  return scaled;
}

export function addUnits(a: OperationUnits, b: OperationUnits): OperationUnits {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof OperationUnits)[]) sum[key] += b[key];
  return sum;
}

/** The priced units of `units`, in US dollars (log ingestion and storage apart: logsCost). */
export function costOfUnits(units: OperationUnits): number {
  const priced: [PricedUnit, number][] = [
    ['dynamoDbReadUnits', units.readUnits],
    ['dynamoDbWriteUnits', units.writeUnits],
    ['lambdaRequests', units.invocations],
    ['lambdaCompute', units.lambdaGbSeconds],
    ['sqsRequests', units.sqsRequests],
    ['sesMessages', units.sesMessages],
    ['httpApiRequests', units.apiRequests],
    ['cloudFrontRequests', units.cloudFrontRequests],
  ];
  return priced.reduce((sum, [unit, quantity]) => sum + priceOf(unit, quantity), 0);
}

const GB = 1024 ** 3;

/** A month of logs from `invocations`: ingested once, kept `retentionDays` (steady state). */
export function logsCost(
  invocations: number,
  retentionDays: number,
  model: MonthModel = MONTH_MODEL,
): { bytes: number; usd: number } {
  const bytes = invocations * model.logBytesPerInvocation;
  const storedGbMonths = (bytes / GB) * (retentionDays / model.days);
  return {
    bytes,
    usd: priceOf('logIngestion', bytes / GB) + priceOf('logStorage', storedGbMonths),
  };
}

export const storageCost = (bytes: number) => priceOf('dynamoDbStorage', bytes / GB);

export interface TenantMonth {
  readonly tenant: TenantProfile;
  readonly operations: ReadonlyArray<{
    readonly operation: Operation;
    readonly count: number;
    readonly units: OperationUnits;
    readonly usd: number;
  }>;
  readonly storage: { readonly bytes: number; readonly usd: number };
  readonly logs: { readonly bytes: number; readonly usd: number };
  readonly usd: number;
}

/**
 * An operation that reads every token of its workspace (an integration sync compares the source
 * with all of them), measured at `measuredAtTokens`: its reads and Lambda time grow with the
 * tenant's tokens.
 */
export function atWorkspaceSize(
  units: OperationUnits,
  measuredAtTokens: number,
  tokens: number,
): OperationUnits {
  const factor = tokens / measuredAtTokens;
  return {
    ...units,
    readUnits: units.readUnits * factor,
    lambdaMs: units.lambdaMs * factor,
    lambdaGbSeconds: units.lambdaGbSeconds * factor,
  };
}

/** `tenant`'s variable cost in a month, from the units measured per operation. */
export function tenantMonth(options: {
  tenant: TenantProfile;
  perOperation: Readonly<Record<Operation, OperationUnits>>;
  /** Operations whose units grow with the workspace's tokens: the size they were measured at. */
  measuredAtTokens?: Partial<Readonly<Record<Operation, number>>>;
  storageBytesPerToken: number;
  logRetentionDays: number;
  model?: MonthModel;
}): TenantMonth {
  const { tenant, perOperation, model = MONTH_MODEL } = options;
  const counts = monthlyOperations(tenant, model);
  const operations = OPERATIONS.map((operation) => {
    const measuredAt = options.measuredAtTokens?.[operation];
    const each =
      measuredAt === undefined
        ? perOperation[operation]
        : atWorkspaceSize(perOperation[operation], measuredAt, tenant.tokens);
    const units = scaleUnits(each, counts[operation]);
    return { operation, count: counts[operation], units, usd: costOfUnits(units) };
  });
  const storageBytes = tenant.tokens * options.storageBytesPerToken;
  const storage = { bytes: storageBytes, usd: storageCost(storageBytes) };
  const invocations = operations.reduce((sum, { units }) => sum + units.invocations, 0);
  const logs = logsCost(invocations, options.logRetentionDays, model);
  const usd = operations.reduce((sum, { usd }) => sum + usd, 0) + storage.usd + logs.usd;
  return { tenant, operations, storage, logs, usd };
}

/** The budget: a tenant's variable cost at most this share of its plan's monthly price. */
export const COST_BUDGET_SHARE = 0.02;

export function withinCostBudget(variableUsd: number, planMonthlyUsd: number): boolean {
  return variableUsd <= COST_BUDGET_SHARE * planMonthlyUsd;
}
