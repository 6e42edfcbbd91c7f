/**
 * Least privilege, checked both ways: a call the role does not allow fails the rehearsal
 * (permission-check.ts), and so does a grant that no scenario used, because a function's role
 * should allow exactly what the function does. Two kinds of unused grant are listed instead:
 *
 * - those of a function whose every happy-path event was `external` (the service behind it,
 *   IANA, Cert Spotter or a webhook receiver, is not part of the rehearsal's deployment, so what
 *   the function would do after it answers cannot be seen);
 * - those in UNREHEARSED_GRANTS: a path of the code needs each (the functions' handler tests drive
 *   it) that the rehearsal cannot drive; each entry names the path, and the list says why. An
 *   entry whose grant the rehearsal saw used, or that the role no longer has, fails too, so the
 *   list only shrinks.
 */
import type { PermissionReport } from './permission-check';
import type { Grant } from './iam-policy';
import type { EventPurpose } from './scenario-context';

/** Function label (`ApiAuth/Login`) -> grant name (see grantName) -> the path that needs it. */
type UnrehearsedGrants = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** A token write through `updateToken` (data/token-mutations): its transaction and fold. */
const RENEWAL_SEEN =
  "a renewal seen at the source (a new certificate at the endpoint, a new expiration at the registry), written as an edit: the token's transaction checks its workspace, and may fold the search index";
export const UNREHEARSED_GRANTS: UnrehearsedGrants = {
  // The worker stops reading at 60% of its 5 minutes: no stand-in is that large.
  'Jobs/IntegrationSyncWorker': {
    'sqs:SendMessage Data/IntegrationSyncQueue':
      "a large account's sync, stopped for time and continued as a second message",
  },
  'Jobs/EndpointCheckWorker': {
    'dynamodb:ConditionCheckItem': RENEWAL_SEEN,
    'dynamodb:BatchWriteItem': RENEWAL_SEEN,
  },
  'Jobs/RegistrationCheckWorker': {
    'dynamodb:Query': RENEWAL_SEEN,
    'dynamodb:PutItem': RENEWAL_SEEN,
    'dynamodb:ConditionCheckItem': RENEWAL_SEEN,
    'dynamodb:BatchWriteItem': RENEWAL_SEEN,
  },
  // Its UpdateItem (also the entries of alert records stored before the alerts-by-time index) is
  // used by every session's last use (rehearsal.ts withSessionLastUsedLongAgo).
  'ApiAlertQueue/ListAlertQueue': {
    'dynamodb:DeleteItem':
      "the end of a workspace's indexing of older alert records that took more than one listing: its progress is deleted",
  },
  'ApiTokens/UpdateToken': {
    'dynamodb:DeleteItem':
      "an edit that takes away a certificate's last endpoint or a registration's domain: its check schedule is deleted in the token's transaction",
  },
};

/**
 * `dynamodb:GetItem` for an action on the table's items, `dynamodb:Query index/gsi1` for a query
 * of an index, `<action> <construct>` for anything else (`sqs:SendMessage Data/AlertQueue`), the
 * emulated deployment's physical names replaced by their constructs' paths (`resourceNames`), or
 * else without their generated parts (`secretsmanager:GetSecretValue secret:TwoFactorKey`).
 */
export function grantName(grant: Grant, resourceNames: Readonly<Record<string, string>>): string {
  const index = /:table\/[^/]+\/index\/([^/]+)$/.exec(grant.resource);
  if (index) return `${grant.action} index/${index[1]}`;
  if (/:table\/[^/]+$/.test(grant.resource)) return grant.action;
  const construct = Object.entries(resourceNames).find(
    ([physical]) => physical !== '' && grant.resource.includes(physical),
  )?.[1];
  if (construct) return `${grant.action} ${construct}`;
  const parts = grant.resource.split(':');
  const resource = parts.length >= 6 ? parts.slice(5).join(':') : grant.resource;
  // Without CDK's hash of the logical id and the random suffix of the name (a secret's).
  return `${grant.action} ${resource.replace(/([A-Za-z]+)[0-9A-F]{8}(-[\w-]+)?$/, '$1')}`;
}

export interface UnusedGrantVerdict {
  readonly failures: readonly string[];
  /** Unused grants that do not fail, each with why (the path, or the external service). */
  readonly excused: readonly string[];
}

export function judgeUnusedGrants(
  label: string,
  permissions: PermissionReport,
  events: Readonly<Record<EventPurpose, number>>,
  options: {
    /** Every scenario ran (no `--only`): an entry of the list nothing needs fails too. */
    readonly complete: boolean;
    readonly resourceNames: Readonly<Record<string, string>>;
    readonly list?: UnrehearsedGrants;
  },
): UnusedGrantVerdict {
  const nameOf = (grant: Grant) => grantName(grant, options.resourceNames);
  const listed = (options.list ?? UNREHEARSED_GRANTS)[label] ?? {};
  const unused = [...new Set(permissions.unusedGrants.map(nameOf))];
  const onlyExternal = events.happy === 0 && events.external > 0;
  const failures: string[] = [];
  const excused: string[] = [];
  for (const name of unused) {
    if (onlyExternal) excused.push(`${name} (behind a service outside the rehearsal)`);
    else if (listed[name] !== undefined) excused.push(`${name} (${listed[name]})`);
    else {
      failures.push(
        `its role allows ${name}, which no scenario used: remove it from the function's permissions, or drive the path that needs it`,
      );
    }
  }
  if (options.complete) {
    const granted = new Set(permissions.grants.map(nameOf));
    for (const name of Object.keys(listed)) {
      if (unused.includes(name)) continue;
      failures.push(
        granted.has(name)
          ? `UNREHEARSED_GRANTS lists ${name}, which a scenario used: remove the entry`
          : `UNREHEARSED_GRANTS lists ${name}, which its role does not grant: remove the entry`,
      );
    }
  }
  return { failures, excused };
}
