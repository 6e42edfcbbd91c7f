/**
 * The fixed monthly cost of one deployment, counted from its synthesized templates (cdk.out):
 * what is billed whether or not anyone uses it. Each line names what it counted; the hourly
 * jobs at rest are priced from a measured run of the expiry scan with nothing due (the other
 * hourly dispatchers read one index page each, as it does).
 */
import {
  lambdaFunctions,
  resourcesOfType,
  type CloudAssembly,
} from '../../rehearsal/cloud-assembly';
import { priceOf } from './aws-prices';
import { costOfUnits, logsCost, scaleUnits, type OperationUnits } from './monthly-model';

/**
 * Lambda polls each queue of an SQS event source even when it is empty: five long polls at
 * once, each waiting up to 20 s, so about 15 ReceiveMessage requests a minute per queue.
 */
export const IDLE_POLL_REQUESTS_PER_MINUTE = 15;
const MINUTES_PER_MONTH = 30 * 24 * 60;

export interface FixedCostLine {
  readonly label: string;
  readonly usd: number;
}

/** Runs a month of a `rate(n unit)` schedule; undefined for other expressions. */
export function runsPerMonth(expression: string): number | undefined {
  const match = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (!match) return undefined;
  const minutes = { minute: 1, hour: 60, day: 1_440 }[match[2]!.replace(/s$/, '')]!;
  return MINUTES_PER_MONTH / (Number(match[1]) * minutes);
}

/** The most common retention of the assembly's log groups, in days (30 when none says). */
export function functionLogRetentionDays(assembly: CloudAssembly): number {
  const counts = new Map<number, number>();
  for (const { resource } of resourcesOfType(assembly, 'AWS::Logs::LogGroup')) {
    const days = Number(resource.Properties?.RetentionInDays);
    if (Number.isFinite(days)) counts.set(days, (counts.get(days) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 30;
}

export function fixedMonthlyCost(
  assembly: CloudAssembly,
  scheduledRun: OperationUnits,
): { lines: FixedCostLine[]; usd: number } {
  const count = (type: string) => resourcesOfType(assembly, type).length;
  const alarms = count('AWS::CloudWatch::Alarm');
  const keys = count('AWS::KMS::Key');
  const secrets = count('AWS::SecretsManager::Secret');
  const parameters = resourcesOfType(assembly, 'AWS::SSM::Parameter');
  const advanced = parameters.filter(({ resource }) => resource.Properties?.Tier === 'Advanced');
  const webAcls = resourcesOfType(assembly, 'AWS::WAFv2::WebACL');
  const wafRules = webAcls.reduce(
    (sum, { resource }) =>
      sum + (Array.isArray(resource.Properties?.Rules) ? resource.Properties.Rules.length : 0),
    0,
  );
  const scheduled = lambdaFunctions(assembly).flatMap((fn) =>
    fn.triggers.flatMap((trigger) =>
      trigger.kind === 'schedule' ? [runsPerMonth(trigger.expression) ?? 0] : [],
    ),
  );
  const scheduledRuns = scheduled.reduce((sum, runs) => sum + runs, 0);
  const atRest = scaleUnits(scheduledRun, scheduledRuns);
  const queues = count('AWS::Lambda::EventSourceMapping');
  const pollRequests = queues * IDLE_POLL_REQUESTS_PER_MINUTE * MINUTES_PER_MONTH;
  const retentionDays = functionLogRetentionDays(assembly);
  const logs = logsCost(scheduledRuns, retentionDays);
  const lines: FixedCostLine[] = [
    {
      label: `${alarms} CloudWatch alarms`,
      usd: priceOf('cloudWatchAlarms', alarms),
    },
    { label: `${keys} KMS keys`, usd: priceOf('kmsKeys', keys) },
    {
      label:
        webAcls.length === 0
          ? 'WAF: off in this synthesis (on: $5 a web ACL, $1 a rule, $0.60 per million requests)'
          : `WAF: ${webAcls.length} web ACL, ${wafRules} rules (requests apart)`,
      usd: priceOf('wafWebAcls', webAcls.length) + priceOf('wafRules', wafRules),
    },
    {
      label: `${secrets} Secrets Manager secrets, ${parameters.length} parameters (${advanced.length} advanced)`,
      usd: priceOf('secrets', secrets) + priceOf('advancedParameters', advanced.length),
    },
    {
      label: `${scheduled.length} scheduled jobs at rest: ${Math.round(scheduledRuns).toLocaleString('en-US')} runs, each as the measured expiry scan with nothing due`,
      usd: costOfUnits(atRest),
    },
    {
      label: `${queues} SQS event sources polled while empty: ${pollRequests.toLocaleString('en-US')} requests`,
      usd: priceOf('sqsRequests', pollRequests),
    },
    {
      label: `logs of those runs: ${(logs.bytes / 1024 ** 2).toFixed(1)} MB ingested, kept ${retentionDays} days`,
      usd: logs.usd,
    },
  ];
  return { lines, usd: lines.reduce((sum, line) => sum + line.usd, 0) };
}
