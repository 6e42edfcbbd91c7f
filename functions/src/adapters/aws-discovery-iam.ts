/**
 * IAM, which has no regions and is read once per sync:
 * - the active access keys of every user (ListUsers, then ListAccessKeys per user), each expiring
 *   at its creation plus the integration's maximum key age: AWS sets no expiry on access keys,
 *   the age past which a key is due for rotation is the workspace's rule;
 * - the server certificates uploaded to IAM (ListServerCertificates), expiring at Expiration.
 */
import type { AccessKeyMetadata, IAMClient, User } from '@aws-sdk/client-iam';
import type { DiscoveredToken } from '../domain/discovery';
import { loadIam } from '../platform/aws-clients';
import { forEachLimited } from '../platform/concurrency';
import {
  clientSettings,
  isValidDate,
  utcDate,
  utcDatePlusDays,
  type AwsReadContext,
} from './aws-discovery-common';

/** The external id prefix of access keys: `iam-access-key:<AccessKeyId>`. */
export const ACCESS_KEY_PREFIX = 'iam-access-key:';
/** ListAccessKeys calls at once (IAM throttles an account's calls, the SDK retries). */
const ACCESS_KEY_LIST_CONCURRENCY = 4;

/** The external id prefix of the account's IAM server certificates (their ARNs). */
export function serverCertificatePrefix(context: Pick<AwsReadContext, 'account'>): string {
  return `arn:${context.account.partition}:iam::${context.account.accountId}:server-certificate/`;
}

/** When an access key is due: its creation date plus `maxAgeDays`, as `YYYY-MM-DD` (UTC). */
export function accessKeyExpiry(createDate: Date, maxAgeDays: number): string {
  return utcDatePlusDays(createDate, maxAgeDays);
}

async function listUsers(client: IAMClient): Promise<User[]> {
  const { ListUsersCommand } = loadIam();
  const users: User[] = [];
  let marker: string | undefined;
  do {
    const page = await client.send(new ListUsersCommand({ MaxItems: 1000, Marker: marker }));
    users.push(...(page.Users ?? []));
    marker = page.IsTruncated ? page.Marker : undefined;
  } while (marker);
  return users;
}

async function listAccessKeys(client: IAMClient, userName: string): Promise<AccessKeyMetadata[]> {
  const { ListAccessKeysCommand } = loadIam();
  const keys: AccessKeyMetadata[] = [];
  let marker: string | undefined;
  do {
    const page = await client.send(
      new ListAccessKeysCommand({ UserName: userName, MaxItems: 100, Marker: marker }),
    );
    keys.push(...(page.AccessKeyMetadata ?? []));
    marker = page.IsTruncated ? page.Marker : undefined;
  } while (marker);
  return keys;
}

export async function readAccessKeys(
  context: AwsReadContext,
  maxAgeDays: number,
): Promise<DiscoveredToken[]> {
  const client = new (loadIam().IAMClient)(clientSettings(context));
  const tokens: DiscoveredToken[] = [];
  try {
    const users = (await listUsers(client)).flatMap((user) => (user.UserName ? [user] : []));
    await forEachLimited(users, ACCESS_KEY_LIST_CONCURRENCY, async (user) => {
      for (const key of await listAccessKeys(client, user.UserName!)) {
        if (key.Status !== 'Active' || !key.AccessKeyId || !isValidDate(key.CreateDate)) continue;
        tokens.push({
          externalId: `${ACCESS_KEY_PREFIX}${key.AccessKeyId}`,
          name: `IAM access key ${key.AccessKeyId} of ${user.UserName}`,
          type: 'api_key',
          expiresAt: accessKeyExpiry(key.CreateDate, maxAgeDays),
          fields: {
            location: `IAM, account ${context.account.accountId}`,
            used_by: user.UserName ?? null,
            description: `Created ${utcDate(key.CreateDate)}; due for rotation ${maxAgeDays} days after (the integration's maximum access key age).`,
          },
        });
      }
    });
  } finally {
    client.destroy();
  }
  return tokens.sort((a, b) => a.externalId.localeCompare(b.externalId));
}

export async function readServerCertificates(context: AwsReadContext): Promise<DiscoveredToken[]> {
  const { ListServerCertificatesCommand } = loadIam();
  const client = new (loadIam().IAMClient)(clientSettings(context));
  const tokens: DiscoveredToken[] = [];
  let marker: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListServerCertificatesCommand({ MaxItems: 1000, Marker: marker }),
      );
      for (const certificate of page.ServerCertificateMetadataList ?? []) {
        if (!certificate.Arn || !isValidDate(certificate.Expiration)) continue;
        tokens.push({
          externalId: certificate.Arn,
          name: `IAM server certificate ${certificate.ServerCertificateName ?? certificate.Arn}`,
          type: 'tls_cert',
          expiresAt: utcDate(certificate.Expiration),
          fields: {
            location: `IAM, account ${context.account.accountId}`,
            description: [
              `Server certificate in IAM (path ${certificate.Path ?? '/'})`,
              isValidDate(certificate.UploadDate)
                ? `uploaded ${utcDate(certificate.UploadDate)}`
                : undefined,
            ]
              .filter(Boolean)
              .join(', ')
              .concat('.'),
          },
        });
      }
      marker = page.IsTruncated ? page.Marker : undefined;
    } while (marker);
  } finally {
    client.destroy();
  }
  return tokens;
}
