/**
 * AWS discovery: assumes the customer's read-only role (STS AssumeRole with the workspace's
 * external id, 15 minutes) with the function's own credentials, then with the role's temporary
 * credentials reads, in each chosen region, ACM certificates and Secrets Manager secrets, and
 * once (IAM has no regions) IAM users' access keys and server certificates. It calls nothing but
 * AWS_DISCOVERY_ACTIONS, the actions the role customers deploy allows.
 *
 * Each service and region is read on its own: one that fails (access denied, throttled past the
 * SDK's retries, a region not enabled) is reported in words and its tokens are left as they are
 * (`unreadPrefixes`), while the rest is synced. A role that cannot be assumed reads nothing.
 */
import type { AwsSettings } from '@expiry-radar/shared/api/integration-api-schemas';
import type { DiscoveredToken, Discovery, DiscoveryProvider } from '../domain/discovery';
import { loadSts } from '../platform/aws-clients';
import { traceAwsClient } from '../platform/tracing';
import { forEachLimited } from '../platform/concurrency';
import { getConfig } from '../platform/config';
import { acmPrefix, readAcmCertificates } from './aws-discovery-acm';
import {
  accountOfRoleArn,
  AWS_CLIENT_SETTINGS,
  type AssumedCredentials,
  type AwsReadContext,
} from './aws-discovery-common';
import {
  ACCESS_KEY_PREFIX,
  readAccessKeys,
  readServerCertificates,
  serverCertificatePrefix,
} from './aws-discovery-iam';
import { readSecrets, secretsPrefix } from './aws-discovery-secrets';
import { errorMessage } from '../platform/error-message';

/** How the role is assumed: the workspace's external id, and the session's name in the customer's CloudTrail. */
export interface AwsRoleAccess {
  readonly externalId: string;
  readonly sessionName: string;
}

export interface AwsDiscoveryOptions {
  /** Settings added to every client (tests give a request handler that plays AWS's answers). */
  readonly clientSettings?: Record<string, unknown>;
}

const SESSION_SECONDS = 900;
/** Parts (a service in a region, or one of IAM's two lists) read at once. */
const PARTS_AT_ONCE = 8;

const ACCESS_DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnauthorizedException',
]);
const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
]);
const SESSION_REFUSED = new Set(['UnrecognizedClientException', 'InvalidClientTokenId']);

/** One part of the account that is read on its own, and what its failure is reported as. */
interface ReadPart {
  readonly label: string;
  readonly prefix: string;
  readonly actions: string;
  readonly read: () => Promise<DiscoveredToken[]>;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

/** A failed part in words: what to check, never a stack. */
export function describeReadFailure(
  part: Pick<ReadPart, 'label' | 'actions'>,
  error: unknown,
): string {
  const name = errorName(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (ACCESS_DENIED.has(name) || (status === 403 && !SESSION_REFUSED.has(name))) {
    return `${part.label}: access denied — check the role's policy allows ${part.actions}`;
  }
  if (THROTTLED.has(name)) {
    return `${part.label}: AWS kept throttling the requests after ${AWS_CLIENT_SETTINGS.maxAttempts} attempts; the next sync tries again`;
  }
  if (SESSION_REFUSED.has(name)) {
    return `${part.label}: the role's session was refused (${name}) — check the region is enabled in the account`;
  }
  return `${part.label}: ${name}: ${errorMessage(error)}`;
}

function roleRefusal(settings: AwsSettings, access: AwsRoleAccess, reason: string): Discovery {
  const account = getConfig().discoveryAccountId;
  return {
    tokens: [],
    errors: [
      `Could not assume the role ${settings.role_arn}: ${reason} — check the role ARN, and that the role's trust policy trusts ${account ? `the account ${account}` : "Expiry Radar's account"} with the external id ${access.externalId}.`,
    ],
    // Nothing was read: no token of this integration may be marked removed.
    unreadPrefixes: [''],
  };
}

async function assumeRole(
  settings: AwsSettings,
  access: AwsRoleAccess,
  options: AwsDiscoveryOptions,
): Promise<AssumedCredentials | string> {
  const { AssumeRoleCommand, STSClient } = loadSts();
  const sts = traceAwsClient(
    new STSClient({
      region: getConfig().region,
      ...AWS_CLIENT_SETTINGS,
      ...options.clientSettings,
    }),
  );
  try {
    const answer = await sts.send(
      new AssumeRoleCommand({
        RoleArn: settings.role_arn,
        RoleSessionName: access.sessionName.slice(0, 64),
        ExternalId: access.externalId,
        DurationSeconds: SESSION_SECONDS,
      }),
    );
    const credentials = answer.Credentials;
    if (!credentials?.AccessKeyId || !credentials.SecretAccessKey || !credentials.SessionToken) {
      return 'STS answered without credentials';
    }
    return {
      accessKeyId: credentials.AccessKeyId,
      secretAccessKey: credentials.SecretAccessKey,
      sessionToken: credentials.SessionToken,
      expiration: credentials.Expiration,
    };
  } catch (error) {
    const name = errorName(error);
    // STS's own message names the function's role: the customer learns nothing from it.
    if (ACCESS_DENIED.has(name)) return `AWS refused it (${name})`;
    return `${name}: ${errorMessage(error)}`;
  } finally {
    sts.destroy();
  }
}

export function awsDiscovery(
  options: AwsDiscoveryOptions = {},
): DiscoveryProvider<AwsSettings, AwsRoleAccess> {
  return async ({ settings, credentials: access }) => {
    const assumed = await assumeRole(settings, access, options);
    if (typeof assumed === 'string') return roleRefusal(settings, access, assumed);

    const account = accountOfRoleArn(settings.role_arn);
    const regions = [...new Set(settings.regions)];
    const contextIn = (region: string): AwsReadContext => ({
      account,
      region,
      credentials: assumed,
      clientSettings: options.clientSettings ?? {},
    });
    // IAM is global: read once, through the first region's endpoint resolution.
    const iam = contextIn(regions[0]!);
    const parts: ReadPart[] = [
      {
        label: 'IAM access keys',
        prefix: ACCESS_KEY_PREFIX,
        actions: 'iam:ListUsers and iam:ListAccessKeys',
        read: () => readAccessKeys(iam, settings.access_key_max_age_days),
      },
      {
        label: 'IAM server certificates',
        prefix: serverCertificatePrefix(iam),
        actions: 'iam:ListServerCertificates',
        read: () => readServerCertificates(iam),
      },
      ...regions.flatMap((region): ReadPart[] => [
        {
          label: `ACM in ${region}`,
          prefix: acmPrefix(contextIn(region)),
          actions: 'acm:ListCertificates and acm:DescribeCertificate',
          read: () => readAcmCertificates(contextIn(region)),
        },
        {
          label: `Secrets Manager in ${region}`,
          prefix: secretsPrefix(contextIn(region)),
          actions: 'secretsmanager:ListSecrets',
          read: () => readSecrets(contextIn(region), regions),
        },
      ]),
    ];

    const outcomes = new Map<ReadPart, DiscoveredToken[] | string>();
    await forEachLimited(parts, PARTS_AT_ONCE, async (part) => {
      try {
        outcomes.set(part, await part.read());
      } catch (error) {
        outcomes.set(part, describeReadFailure(part, error));
      }
    });
    const tokens: DiscoveredToken[] = [];
    const errors: string[] = [];
    const unreadPrefixes: string[] = [];
    // In the order of the parts, so that the report reads the same from one sync to the next.
    for (const part of parts) {
      const outcome = outcomes.get(part);
      if (typeof outcome === 'string' || outcome === undefined) {
        errors.push(outcome ?? `${part.label}: not read`);
        unreadPrefixes.push(part.prefix);
      } else {
        tokens.push(...outcome);
      }
    }
    return { tokens, errors, unreadPrefixes } satisfies Discovery;
  };
}
