/**
 * Checks what a function did against its role: every recorded SDK call, and what Lambda does with
 * the role on the function's behalf (writing its logs to its log group, sending X-Ray segments
 * with active tracing, polling its SQS event source), must be allowed; every allowed action that
 * nothing used is reported (least privilege).
 */
import type { LambdaFunction } from './cloud-assembly';
import type { CfnResolver } from './cfn-resolver';
import { evaluate, grantCovers, grantsOf, type Grant, type PolicyStatement } from './iam-policy';
import {
  requirementsOf,
  type ArnLookups,
  type RecordedCall,
  type Requirement,
} from './sdk-call-requirements';

export interface CheckedRequirement extends Requirement {
  /** `sdk`: the bundle's own call; `platform`: Lambda acting with the role. */
  readonly origin: 'sdk' | 'platform';
  readonly allowed: boolean;
  /** The call as the bundle made it (`DynamoDBClient GetItemCommand`), or the platform's use. */
  readonly madeBy: string;
}

export interface PermissionReport {
  readonly requirements: readonly CheckedRequirement[];
  readonly denied: readonly CheckedRequirement[];
  /** Every action and resource pair the role allows. */
  readonly grants: readonly Grant[];
  /** Allowed actions (as the policy writes them) used on no resource at all. */
  readonly unusedActions: readonly string[];
  /** Allowed action and resource pairs nothing used (including those of unused actions). */
  readonly unusedGrants: readonly Grant[];
}

/** What Lambda itself needs of the function's role. */
export function platformRequirements(
  fn: LambdaFunction,
  logGroupName: string,
  resolver: CfnResolver,
): Array<Requirement & { madeBy: string }> {
  const logStream = resolver.arn('logs', `log-group:${logGroupName}:log-stream:rehearsal`);
  const requirements: Array<Requirement & { madeBy: string }> = [
    { action: 'logs:CreateLogStream', resources: [logStream], madeBy: 'Lambda (function logs)' },
    { action: 'logs:PutLogEvents', resources: [logStream], madeBy: 'Lambda (function logs)' },
  ];
  if (fn.tracingActive) {
    for (const action of ['xray:PutTraceSegments', 'xray:PutTelemetryRecords']) {
      requirements.push({ action, resources: ['*'], madeBy: 'Lambda (active tracing)' });
    }
  }
  for (const trigger of fn.triggers) {
    if (trigger.kind !== 'sqs') continue;
    const queueArn = resolver.resolveString(fn.stack, trigger.queueArn);
    // What the SQS event source mapping calls with the function's role (Lambda's documentation).
    for (const action of ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes']) {
      requirements.push({
        action,
        resources: [queueArn],
        madeBy: `Lambda (SQS event source ${trigger.mapping})`,
      });
    }
  }
  return requirements;
}

export function checkPermissions(options: {
  fn: LambdaFunction;
  statements: readonly PolicyStatement[];
  calls: readonly RecordedCall[];
  logGroupName: string;
  resolver: CfnResolver;
  lookups: ArnLookups;
}): PermissionReport {
  const { statements, resolver } = options;
  const requirements: CheckedRequirement[] = [];
  const seen = new Set<string>();
  const add = (requirement: Requirement, origin: 'sdk' | 'platform', madeBy: string) => {
    const key = `${origin} ${requirement.action} ${requirement.resources.join(' | ')} ${JSON.stringify(requirement.context ?? {})}`;
    if (seen.has(key)) return;
    seen.add(key);
    const allowed = requirement.resources.some(
      (resource) => evaluate(statements, requirement.action, resource, requirement.context).allowed,
    );
    requirements.push({ ...requirement, origin, allowed, madeBy });
  };
  for (const call of options.calls) {
    for (const requirement of requirementsOf(call, resolver, options.lookups)) {
      add(requirement, 'sdk', `${call.client} ${call.command}`);
    }
  }
  for (const requirement of platformRequirements(options.fn, options.logGroupName, resolver)) {
    add(requirement, 'platform', requirement.madeBy);
  }

  const grants = grantsOf(statements);
  const used = (grant: Grant) =>
    requirements.some(
      (requirement) =>
        requirement.allowed &&
        requirement.resources.some((resource) => grantCovers(grant, requirement.action, resource)),
    );
  const unusedGrants = grants.filter((grant) => !used(grant));
  const actions = [...new Set(grants.map((grant) => grant.action))];
  const unusedActions = actions.filter(
    (action) =>
      unusedGrants.filter((grant) => grant.action === action).length ===
      grants.filter((grant) => grant.action === action).length,
  );
  return {
    requirements,
    denied: requirements.filter((requirement) => !requirement.allowed),
    grants,
    unusedActions,
    unusedGrants,
  };
}
