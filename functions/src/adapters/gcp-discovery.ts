/**
 * Google Cloud discovery across the projects given, read-only through Google's REST APIs with a
 * service account's JSON key: the key signs a JWT assertion (RS256, `iss` the service account,
 * scope `cloud-platform`, audience the token URL) that the OAuth 2.0 token endpoint exchanges for
 * an access token (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`). The token URL is
 * the integration's setting, never the `token_uri` written in the key file. Or, with workload
 * identity federation (`sign_in`), no key at all (gcp-workload-identity.ts): the deployment's AWS
 * identity buys a federated token that impersonates the service account. Then, per project:
 *
 * - Secret Manager: `GET {secret_manager}/v1/projects/{project}/secrets` (`pageSize`,
 *   `nextPageToken`): a secret's `expireTime`, or its rotation's `nextRotationTime` (the earlier
 *   when both); secrets with neither are left out;
 * - service account keys: `GET {iam}/v1/projects/{project}/serviceAccounts` (paged), then
 *   `GET {iam}/v1/projects/{project}/serviceAccounts/{email}/keys?keyTypes=USER_MANAGED`: each
 *   user-managed key's `validBeforeTime`; keys that never expire (year 9999) and disabled ones are
 *   left out (Google-managed keys rotate by themselves and are not asked for).
 *
 * A 429 or 503 is tried again after its `Retry-After` (else 1, 2, 4 s; at most 30 s, three times).
 * The token endpoint refusing the key (400 `invalid_grant`, 401) refuses the whole sync: nothing
 * is read and nothing may be marked removed. Any other failure of one part (a 403 on one project, a
 * 5xx) is an error naming it, its tokens are not marked removed, and the other parts are still
 * read. Beyond the throttling's retries, and on a 5xx, a part's failure is `retryable` (the
 * scheduled sync is tried again later). A project's secrets and its keys are two parts
 * (domain/discovery.ts): the scheduled worker may read them over several messages. Every request
 * goes through the SSRF guard (adapters/guarded-http.ts).
 */
import { createPrivateKey, createSign } from 'node:crypto';
import {
  INTEGRATION_MESSAGES,
  type GcpCredentials,
  type GcpSettings,
} from '@expiry-radar/shared/api/integration-api-schemas';
import type { DiscoveredToken, DiscoveryProvider } from '../domain/discovery';
import { discoveryReading, unreadableSource } from './discovery-reading';
import {
  GCP_SCOPE as SCOPE,
  GcpReadError,
  googleMessage,
  isTransientStatus,
  send,
  type GcpTransportOptions,
} from './gcp-requests';
import { federatedAccessToken } from './gcp-workload-identity';

const MAX_PAGES = 100;

interface ServiceAccountKeyFile {
  readonly client_email: string;
  readonly private_key: string;
  readonly private_key_id?: string;
}

interface GcpSecret {
  readonly name?: string;
  readonly expireTime?: string;
  readonly rotation?: { readonly nextRotationTime?: string; readonly rotationPeriod?: string };
}

interface GcpServiceAccount {
  readonly email?: string;
  readonly displayName?: string;
  readonly disabled?: boolean;
}

interface GcpKey {
  readonly name?: string;
  readonly validBeforeTime?: string;
  readonly validAfterTime?: string;
  readonly keyType?: string;
  readonly disabled?: boolean;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The access token the service account's signed assertion buys at the token URL. */
async function accessToken(
  settings: GcpSettings,
  credentials: GcpCredentials,
  options: GcpTransportOptions,
): Promise<string> {
  if (settings.sign_in === 'workload_identity') {
    if (!options.federation) {
      throw new GcpReadError(
        "Workload identity federation signs in with the deployment's AWS role: this installation does not run in AWS (the local runtime). Sign in with a service account key instead.",
        true,
      );
    }
    return federatedAccessToken(settings, await options.federation(), options);
  }
  if (credentials.service_account_key === undefined) {
    throw new GcpReadError(INTEGRATION_MESSAGES.serviceAccountKeyRequired, true);
  }
  const key = JSON.parse(credentials.service_account_key) as ServiceAccountKeyFile;
  let privateKey;
  try {
    privateKey = createPrivateKey(key.private_key);
  } catch {
    throw new GcpReadError(
      "The service account key's private key could not be read: paste the whole JSON key file",
      true,
    );
  }
  const now = Math.floor((options.now ?? (() => new Date()))().getTime() / 1000);
  const header = base64url(
    JSON.stringify({
      alg: 'RS256',
      typ: 'JWT',
      ...(key.private_key_id ? { kid: key.private_key_id } : {}),
    }),
  );
  const claims = base64url(
    JSON.stringify({
      iss: key.client_email,
      scope: SCOPE,
      aud: settings.token_url,
      iat: now,
      exp: now + 3600,
    }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(privateKey);
  const response = await send(
    'POST',
    settings.token_url,
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: `${header}.${claims}.${base64url(signature)}`,
    }).toString(),
    "Google's token endpoint",
    options,
  );
  if (response.status === 400 || response.status === 401) {
    throw new GcpReadError(
      `Google refused the service account key (${response.status})${googleMessage(response.text)}: check the key is current and not disabled`,
      true,
    );
  }
  if (response.status < 200 || response.status >= 300) {
    throw new GcpReadError(
      `Google's token endpoint answered ${response.status}`,
      true,
      isTransientStatus(response.status),
    );
  }
  try {
    const token = (JSON.parse(response.text) as { access_token?: unknown }).access_token;
    if (typeof token === 'string' && token !== '') return token;
  } catch {
    // Reported below.
  }
  throw new GcpReadError("Google's token endpoint answered no access token", true);
}

/** Every page of a Google list (`items` under `field`, then `nextPageToken`). */
async function readPages<Item>(
  first: string,
  field: string,
  token: string,
  what: string,
  options: GcpTransportOptions,
): Promise<Item[]> {
  const items: Item[] = [];
  let pageToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL(first);
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const response = await send(
      'GET',
      url.toString(),
      { authorization: `Bearer ${token}` },
      undefined,
      what,
      options,
    );
    if (response.status < 200 || response.status >= 300) {
      throw new GcpReadError(
        `${what}: Google Cloud answered ${response.status}${googleMessage(response.text)}`,
        false,
        isTransientStatus(response.status),
      );
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(response.text) as Record<string, unknown>;
    } catch {
      throw new GcpReadError(`${what}: Google Cloud answered something other than JSON`, false);
    }
    const list = parsed[field] ?? [];
    if (!Array.isArray(list)) {
      throw new GcpReadError(`${what}: Google Cloud answered something other than a list`, false);
    }
    items.push(...(list as Item[]));
    pageToken =
      typeof parsed.nextPageToken === 'string' && parsed.nextPageToken !== ''
        ? parsed.nextPageToken
        : null;
    if (!pageToken) break;
  }
  return items;
}

const dayOf = (instant: string | undefined) =>
  typeof instant === 'string' && /^\d{4}-\d{2}-\d{2}/.test(instant) ? instant.slice(0, 10) : null;

function secretToken(secret: GcpSecret, project: string): DiscoveredToken[] {
  const id = secret.name?.split('/').pop();
  const dates = [dayOf(secret.expireTime), dayOf(secret.rotation?.nextRotationTime)].filter(
    (day): day is string => day !== null,
  );
  if (!id || dates.length === 0) return [];
  const rotation = secret.rotation?.nextRotationTime;
  return [
    {
      externalId: `gcp:${project}:secret:${id}`,
      name: `Google Cloud secret: ${id} (${project})`,
      type: 'secret',
      expiresAt: dates.sort()[0]!,
      fields: {
        issuer: 'Google Cloud Secret Manager',
        location: `projects/${project}/secrets/${id}`,
        description: rotation
          ? `Next rotation ${rotation.slice(0, 10)}${secret.rotation?.rotationPeriod ? ` (every ${secret.rotation.rotationPeriod})` : ''}${secret.expireTime ? `; expires ${secret.expireTime.slice(0, 10)}` : ''}.`
          : null,
      },
    },
  ];
}

function keyToken(key: GcpKey, account: GcpServiceAccount, project: string): DiscoveredToken[] {
  const keyId = key.name?.split('/').pop();
  const expires = dayOf(key.validBeforeTime);
  if (!keyId || !expires || expires.startsWith('9999') || key.disabled === true || !account.email) {
    return [];
  }
  return [
    {
      externalId: `gcp:${project}:key:${account.email}:${keyId}`,
      name: `Google Cloud service account key: ${account.email} (${keyId.slice(0, 8)})`,
      type: 'api_key',
      expiresAt: expires,
      fields: {
        issuer: 'Google Cloud IAM',
        location: `projects/${project}/serviceAccounts/${account.email}`,
        used_by: account.displayName || account.email,
      },
    },
  ];
}

const gcpReadFailure = (error: unknown) => (error instanceof GcpReadError ? error : undefined);

export function gcpDiscovery(
  options: GcpTransportOptions = {},
): DiscoveryProvider<GcpSettings, GcpCredentials> {
  return async ({ settings, credentials, progress }) => {
    const reading = discoveryReading(progress, gcpReadFailure);
    const { tokens, part } = reading;
    try {
      const token = await accessToken(settings, credentials, options);
      for (const project of settings.project_ids) {
        const secretsWhat = `Secret Manager secrets of ${project}`;
        await part(`gcp:${project}:secret:`, secretsWhat, async () => {
          const secrets = await readPages<GcpSecret>(
            `${settings.secret_manager_url}/v1/projects/${encodeURIComponent(project)}/secrets?pageSize=250`,
            'secrets',
            token,
            secretsWhat,
            options,
          );
          for (const secret of secrets) tokens.push(...secretToken(secret, project));
        });
        const keysWhat = `Service account keys of ${project}`;
        await part(`gcp:${project}:key:`, keysWhat, async () => {
          const accounts = await readPages<GcpServiceAccount>(
            `${settings.iam_url}/v1/projects/${encodeURIComponent(project)}/serviceAccounts?pageSize=100`,
            'accounts',
            token,
            keysWhat,
            options,
          );
          const found: DiscoveredToken[] = [];
          for (const account of accounts) {
            if (!account.email) continue;
            const keys = await readPages<GcpKey>(
              `${settings.iam_url}/v1/projects/${encodeURIComponent(project)}/serviceAccounts/${encodeURIComponent(account.email)}/keys?keyTypes=USER_MANAGED`,
              'keys',
              token,
              `${keysWhat} (${account.email})`,
              options,
            );
            for (const key of keys) found.push(...keyToken(key, account, project));
          }
          // A project's keys are taken whole or not at all.
          tokens.push(...found);
        });
      }
      return reading.outcome();
    } catch (error) {
      const unread = unreadableSource(error, "Google's token endpoint", gcpReadFailure);
      if (unread) return unread;
      throw error;
    }
  };
}
