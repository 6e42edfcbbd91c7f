/**
 * Secrets Manager secrets of one region (ListSecrets: metadata only, never a secret's value).
 * A secret's expiry is the earlier of
 * - its next rotation (NextRotationDate) when rotation is on: the value in use is replaced then,
 *   and a rotation that does not happen is what needs attention;
 * - the date in its tag `expiry-radar:expires-at` (`YYYY-MM-DD`): for secrets that hold
 *   something with its own expiry (a third-party API key, a licence) and are not rotated.
 * Secrets with neither are left out (nothing says when they expire), as are secrets scheduled
 * for deletion and replicas whose primary region is read too (the primary stands for them).
 */
import type { SecretListEntry } from '@aws-sdk/client-secrets-manager';
import type { DiscoveredToken } from '../domain/discovery';
import { loadSecretsManager } from '../platform/aws-clients';
import { traceAwsClient } from '../platform/tracing';
import { clientSettings, isValidDate, utcDate, type AwsReadContext } from './aws-discovery-common';

/** The tag a customer puts on a secret that is not rotated but expires. */
export const SECRET_EXPIRY_TAG = 'expiry-radar:expires-at';

/** The external id prefix of one region's secrets (their ARNs). */
export function secretsPrefix(context: Pick<AwsReadContext, 'account' | 'region'>): string {
  return `arn:${context.account.partition}:secretsmanager:${context.region}:${context.account.accountId}:secret:`;
}

function taggedExpiry(secret: SecretListEntry): string | null {
  const value = secret.Tags?.find((tag) => tag.Key === SECRET_EXPIRY_TAG)?.Value?.trim();
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return isValidDate(date) && utcDate(date) === value ? value : null;
}

function rotationExpiry(secret: SecretListEntry): string | null {
  return secret.RotationEnabled === true && isValidDate(secret.NextRotationDate)
    ? utcDate(secret.NextRotationDate)
    : null;
}

function rotationInterval(days: number): string {
  return days === 1 ? 'every day' : `every ${days} days`;
}

function describe(secret: SecretListEntry): string {
  const days = secret.RotationRules?.AutomaticallyAfterDays;
  const rotation =
    secret.RotationEnabled === true
      ? `Rotated automatically${days ? ` ${rotationInterval(days)}` : ''}.`
      : `Not rotated: the expiry is its tag ${SECRET_EXPIRY_TAG}.`;
  const lastRotated = isValidDate(secret.LastRotatedDate)
    ? `Last rotated ${utcDate(secret.LastRotatedDate)}.`
    : 'Never rotated.';
  const lastAccessed = isValidDate(secret.LastAccessedDate)
    ? `Last accessed ${utcDate(secret.LastAccessedDate)}.`
    : 'Never accessed.';
  return [rotation, lastRotated, lastAccessed, secret.Description?.trim()]
    .filter(Boolean)
    .join(' ');
}

function tokenOf(secret: SecretListEntry, context: AwsReadContext): DiscoveredToken | null {
  if (!secret.ARN || isValidDate(secret.DeletedDate)) return null;
  const expiries = [rotationExpiry(secret), taggedExpiry(secret)].filter(
    (date): date is string => date !== null,
  );
  if (expiries.length === 0) return null;
  return {
    externalId: secret.ARN,
    name: `Secret ${secret.Name ?? secret.ARN} (${context.region})`,
    type: 'secret',
    expiresAt: expiries.sort()[0]!,
    fields: {
      location: `Secrets Manager ${context.region}, account ${context.account.accountId}`,
      used_by: secret.OwningService ?? null,
      description: describe(secret),
    },
  };
}

/** `readRegions`: every region this sync reads (replicas of a secret whose primary is among them are skipped). */
export async function readSecrets(
  context: AwsReadContext,
  readRegions: readonly string[],
): Promise<DiscoveredToken[]> {
  const { ListSecretsCommand, SecretsManagerClient } = loadSecretsManager();
  const client = traceAwsClient(new SecretsManagerClient(clientSettings(context)));
  const tokens: DiscoveredToken[] = [];
  let nextToken: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListSecretsCommand({
          MaxResults: 100,
          IncludePlannedDeletion: false,
          NextToken: nextToken,
        }),
      );
      for (const secret of page.SecretList ?? []) {
        const primary = secret.PrimaryRegion;
        if (primary && primary !== context.region && readRegions.includes(primary)) continue;
        const token = tokenOf(secret, context);
        if (token) tokens.push(token);
      }
      nextToken = page.NextToken;
    } while (nextToken);
  } finally {
    client.destroy();
  }
  return tokens;
}
