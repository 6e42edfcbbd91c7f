/**
 * Azure discovery, read-only through Azure's documented REST APIs with an app registration's
 * client credentials (tenant id, client id, and a client secret or a certificate whose private
 * key signs a client assertion): one client-credentials token per
 * resource from Microsoft Entra ID's login endpoint
 * (`POST {authority_host}/{tenant}/oauth2/v2.0/token`, scope `<resource>/.default`), then:
 *
 * - Key Vault, per vault (the URLs given, and those `GET {management}/subscriptions/{id}/providers/
 *   Microsoft.KeyVault/vaults?api-version=2022-07-01` lists for each subscription given):
 *   `GET {vault}/certificates`, `/secrets` and `/keys` (`api-version=7.4`, `nextLink` paging):
 *   each item's `attributes.exp` (Unix seconds) is its expiry and `attributes.enabled` its state;
 *   items without an expiry are left out, and so are the secrets and keys Key Vault manages for a
 *   certificate (`managed: true`: the certificate stands for them);
 * - Microsoft Graph: `GET {graph}/v1.0/applications` (`$select`, `@odata.nextLink` paging): each
 *   app registration's `passwordCredentials` (client secrets) and `keyCredentials` (certificates)
 *   with their `endDateTime`.
 *
 * A 429 or 503 is tried again after its `Retry-After` (at most 30 s, three times); beyond that,
 * and on a 5xx, the part's failure is `retryable` (the scheduled sync is tried again later).
 * Each vault and the app registrations are a part of their own (domain/discovery.ts): the
 * scheduled worker may read them over several messages. The login
 * refusing the credentials (400/401 `invalid_client`, an unknown tenant) refuses the whole sync:
 * nothing is read and nothing may be marked removed. Any other failure of one part (a 403 on one
 * vault, Graph denied `Application.Read.All`, a 5xx) is an error naming it, its tokens are not
 * marked removed, and the other parts are still read. Every request goes through the SSRF guard
 * (adapters/guarded-http.ts).
 */
import {
  constants,
  createPrivateKey,
  randomUUID,
  sign,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import type {
  AzureCredentials,
  AzureSettings,
} from '@expiry-radar/shared/api/integration-api-schemas';
import type { TokenType } from '@expiry-radar/shared/domain/categories';
import type { DiscoveredToken, DiscoveryProvider } from '../domain/discovery';
import { discoveryReading, unreadableSource } from './discovery-reading';
import { requestRetryingThrottles, type ThrottledRequestOptions } from './throttled-request';

const KEY_VAULT_API_VERSION = '7.4';
const ARM_API_VERSION = '2022-07-01';
const KEY_VAULT_SCOPE = 'https://vault.azure.net/.default';
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
const MANAGEMENT_SCOPE = 'https://management.azure.com/.default';
/** At most this many pages of one list. */
const MAX_PAGES = 200;

/** A part Azure would not give: its message, and whether the credentials were refused. */
class AzureReadError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
    /** A later try may mend it (5xx, throttling beyond Retry-After). */
    readonly transient = false,
  ) {
    super(message);
    this.name = 'AzureReadError';
  }
}

export interface AzureTransportOptions extends ThrottledRequestOptions {
  readonly now?: () => Date;
}

interface KeyVaultItem {
  readonly id?: string;
  readonly kid?: string;
  readonly managed?: boolean;
  readonly contentType?: string;
  readonly attributes?: { readonly enabled?: boolean; readonly exp?: number };
}

interface GraphCredential {
  readonly keyId?: string;
  readonly displayName?: string | null;
  readonly hint?: string | null;
  readonly endDateTime?: string | null;
  readonly type?: string;
}

interface GraphApplication {
  readonly id?: string;
  readonly appId?: string;
  readonly displayName?: string;
  readonly passwordCredentials?: readonly GraphCredential[];
  readonly keyCredentials?: readonly GraphCredential[];
}

const isTransientStatus = (status: number) => status === 429 || status >= 500;

/** Azure's error text: `error_description`, `error.message` or `message`, shortened. */
function azureMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as {
      error?: string | { message?: string; code?: string };
      error_description?: string;
      message?: string;
    };
    const message =
      parsed.error_description ??
      (typeof parsed.error === 'object'
        ? (parsed.error.message ?? parsed.error.code)
        : undefined) ??
      parsed.message ??
      (typeof parsed.error === 'string' ? parsed.error : undefined);
    return message ? `: ${message.split('\n')[0]?.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

function send(
  method: 'GET' | 'POST',
  url: string,
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
  what: string,
  options: AzureTransportOptions,
) {
  return requestRetryingThrottles(
    { method, url, headers, body },
    options,
    (status) =>
      new AzureReadError(
        `${what}: Azure is throttling (${status}); the next sync reads it`,
        false,
        true,
      ),
  );
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * How the app registration proves itself at the login: its client secret, or a client assertion
 * signed with its certificate's private key (Microsoft identity platform certificate credentials:
 * a JWT signed PS256, `x5t#S256` the certificate's SHA-256 thumbprint, `aud` the token URL, `iss`
 * and `sub` the client id, a fresh `jti`, valid for 10 minutes).
 */
function clientAuthentication(
  tokenUrl: string,
  credentials: AzureCredentials,
  options: AzureTransportOptions,
): Record<string, string> {
  if (credentials.certificate === undefined) {
    return { client_secret: credentials.client_secret ?? '' };
  }
  let certificate: X509Certificate;
  let key: KeyObject;
  try {
    certificate = new X509Certificate(credentials.certificate);
    key = createPrivateKey(credentials.certificate);
  } catch {
    throw new AzureReadError(
      'The certificate could not be read: paste the whole PEM file, the certificate and its private key',
      true,
    );
  }
  if (key.asymmetricKeyType !== 'rsa' || !certificate.checkPrivateKey(key)) {
    throw new AzureReadError(
      "The certificate's private key is not its RSA key: paste the PEM file of the certificate uploaded to the app registration, with its own private key",
      true,
    );
  }
  const now = Math.floor((options.now ?? (() => new Date()))().getTime() / 1000);
  const thumbprint = Buffer.from(certificate.fingerprint256.replaceAll(':', ''), 'hex');
  const header = base64url(
    JSON.stringify({ alg: 'PS256', typ: 'JWT', 'x5t#S256': base64url(thumbprint) }),
  );
  const claims = base64url(
    JSON.stringify({
      aud: tokenUrl,
      iss: credentials.client_id,
      sub: credentials.client_id,
      jti: randomUUID(),
      nbf: now,
      iat: now,
      exp: now + 600,
    }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), {
    key,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
  });
  return {
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: `${header}.${claims}.${base64url(signature)}`,
  };
}

/** A client-credentials access token for `scope`, from the tenant's login endpoint. */
async function accessToken(
  settings: AzureSettings,
  credentials: AzureCredentials,
  scope: string,
  options: AzureTransportOptions,
): Promise<string> {
  const url = `${settings.authority_host}/${encodeURIComponent(settings.tenant_id)}/oauth2/v2.0/token`;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.client_id,
    ...clientAuthentication(url, credentials, options),
    scope,
  }).toString();
  const response = await send(
    'POST',
    url,
    { 'content-type': 'application/x-www-form-urlencoded' },
    form,
    'The Microsoft Entra ID login',
    options,
  );
  if (response.status === 400 || response.status === 401) {
    throw new AzureReadError(
      `Microsoft Entra ID refused the credentials (${response.status})${azureMessage(response.text)}: check the tenant id, client id and ${credentials.certificate === undefined ? 'client secret' : "that the certificate is one of the app registration's"}`,
      true,
    );
  }
  if (response.status < 200 || response.status >= 300) {
    throw new AzureReadError(
      `The Microsoft Entra ID login answered ${response.status}`,
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
  throw new AzureReadError('The Microsoft Entra ID login answered no access token', true);
}

/**
 * Every page of an Azure list (`value`, then `nextLink` or `@odata.nextLink`, followed only on
 * the same host). A failure is that list's error.
 */
async function readPages<Item>(
  first: string,
  token: string,
  what: string,
  options: AzureTransportOptions,
): Promise<Item[]> {
  const origin = new URL(first).origin;
  const items: Item[] = [];
  let url: string | null = first;
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    const response = await send(
      'GET',
      url,
      { authorization: `Bearer ${token}` },
      undefined,
      what,
      options,
    );
    if (response.status < 200 || response.status >= 300) {
      throw new AzureReadError(
        `${what}: Azure answered ${response.status}${azureMessage(response.text)}`,
        false,
        isTransientStatus(response.status),
      );
    }
    let parsed: { value?: unknown; nextLink?: unknown; '@odata.nextLink'?: unknown };
    try {
      parsed = JSON.parse(response.text) as typeof parsed;
    } catch {
      throw new AzureReadError(`${what}: Azure answered something other than JSON`, false);
    }
    if (!Array.isArray(parsed.value)) {
      throw new AzureReadError(`${what}: Azure answered something other than a list`, false);
    }
    items.push(...(parsed.value as Item[]));
    const next = parsed.nextLink ?? parsed['@odata.nextLink'];
    url =
      typeof next === 'string' && next !== '' && new URL(next, url).origin === origin
        ? new URL(next, url).toString()
        : null;
  }
  return items;
}

function withApiVersion(url: string, version: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('api-version', version);
  return parsed.toString();
}

/** A vault's name: the first label of <name>.vault.azure.net, else its path's last segment. */
function vaultName(vault: URL): string {
  const segment = vault.pathname.split('/').filter(Boolean).pop();
  if (/\.vault\./.test(vault.hostname) || !segment)
    return vault.hostname.split('.')[0] ?? vault.host;
  return segment;
}

const dayOfUnix = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

const KEY_VAULT_KINDS: ReadonlyArray<{
  readonly path: 'certificates' | 'secrets' | 'keys';
  readonly label: string;
  readonly type: TokenType;
}> = [
  { path: 'certificates', label: 'certificate', type: 'tls_cert' },
  { path: 'secrets', label: 'secret', type: 'secret' },
  { path: 'keys', label: 'key', type: 'encryption_key' },
];

function keyVaultToken(
  item: KeyVaultItem,
  vault: URL,
  kind: (typeof KEY_VAULT_KINDS)[number],
): DiscoveredToken[] {
  const id = item.id ?? item.kid;
  const exp = item.attributes?.exp;
  if (typeof id !== 'string' || typeof exp !== 'number' || item.managed === true) return [];
  const name = decodeURIComponent(id.replace(/\/+$/, '').split('/').pop() ?? id);
  const enabled = item.attributes?.enabled !== false;
  return [
    {
      externalId: `kv:${vault.host}${vault.pathname.replace(/\/+$/, '')}:${kind.path}:${name}`,
      name: `Azure Key Vault ${kind.label}: ${name} (${vaultName(vault)})`,
      type: kind.type,
      expiresAt: dayOfUnix(exp),
      fields: {
        issuer: 'Azure Key Vault',
        location: `${vault.origin}${vault.pathname.replace(/\/+$/, '')}`,
        description: enabled ? null : 'Disabled in Key Vault.',
      },
    },
  ];
}

function appCredentialTokens(app: GraphApplication, tenant: string): DiscoveredToken[] {
  if (typeof app.appId !== 'string') return [];
  const appName = app.displayName ?? app.appId;
  const of = (credential: GraphCredential, secret: boolean): DiscoveredToken[] => {
    const end = credential.endDateTime;
    if (
      typeof credential.keyId !== 'string' ||
      typeof end !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}/.test(end)
    ) {
      return [];
    }
    const label = credential.displayName || (secret ? credential.hint : null) || credential.keyId;
    return [
      {
        externalId: `app:${app.appId}:${secret ? 'secret' : 'certificate'}:${credential.keyId}`,
        name: `Entra ID app ${appName} ${secret ? 'client secret' : 'certificate'}: ${label}`,
        type: secret ? 'secret' : 'client_cert',
        expiresAt: end.slice(0, 10),
        fields: {
          issuer: 'Microsoft Entra ID',
          location: `${tenant} app registration ${app.appId}`,
          used_by: appName,
        },
      },
    ];
  };
  return [
    ...(app.passwordCredentials ?? []).flatMap((credential) => of(credential, true)),
    ...(app.keyCredentials ?? []).flatMap((credential) => of(credential, false)),
  ];
}

const azureReadFailure = (error: unknown) => (error instanceof AzureReadError ? error : undefined);

export function azureDiscovery(
  options: AzureTransportOptions = {},
): DiscoveryProvider<AzureSettings, AzureCredentials> {
  return async ({ settings, credentials, progress }) => {
    const reading = discoveryReading(progress, azureReadFailure);
    const { tokens, unreadPrefixes, parts, part } = reading;
    try {
      if (settings.app_registrations && !parts.isDone('app:')) {
        const graphToken = await accessToken(settings, credentials, GRAPH_SCOPE, options);
        const what = 'Entra ID app registrations (Microsoft Graph)';
        await part('app:', what, async () => {
          const apps = await readPages<GraphApplication>(
            `${settings.graph_url}/v1.0/applications?$select=id,appId,displayName,passwordCredentials,keyCredentials&$top=100`,
            graphToken,
            what,
            options,
          );
          for (const app of apps) tokens.push(...appCredentialTokens(app, settings.tenant_id));
        });
      }

      const vaults = new Map<string, URL>();
      for (const url of settings.vault_urls) vaults.set(url, new URL(url));
      if (settings.subscription_ids.length > 0) {
        const managementToken = await accessToken(settings, credentials, MANAGEMENT_SCOPE, options);
        for (const subscription of settings.subscription_ids) {
          const what = `Key Vaults of subscription ${subscription}`;
          await part(`subscription:${subscription}:`, what, async () => {
            const listed = await readPages<{ properties?: { vaultUri?: string } }>(
              withApiVersion(
                `${settings.management_url}/subscriptions/${subscription}/providers/Microsoft.KeyVault/vaults`,
                ARM_API_VERSION,
              ),
              managementToken,
              what,
              options,
            );
            for (const vault of listed) {
              const uri = vault.properties?.vaultUri?.replace(/\/+$/, '');
              if (uri && /^https?:\/\//.test(uri)) vaults.set(uri, new URL(uri));
            }
          });
        }
        // A subscription that could not be listed: none of the vaults it holds may be marked.
        if (unreadPrefixes.some((prefix) => prefix.startsWith('subscription:'))) {
          unreadPrefixes.push('kv:');
        }
      }
      const vaultPrefix = (vault: URL) => `kv:${vault.host}${vault.pathname.replace(/\/+$/, '')}:`;
      const unread = [...vaults.values()].filter((vault) => !parts.isDone(vaultPrefix(vault)));
      if (unread.length > 0) {
        const vaultToken = await accessToken(settings, credentials, KEY_VAULT_SCOPE, options);
        for (const vault of unread) {
          const base = `${vault.origin}${vault.pathname.replace(/\/+$/, '')}`;
          const what = `Key Vault ${vaultName(vault)}`;
          await part(vaultPrefix(vault), what, async () => {
            const found: DiscoveredToken[] = [];
            for (const kind of KEY_VAULT_KINDS) {
              const items = await readPages<KeyVaultItem>(
                withApiVersion(`${base}/${kind.path}`, KEY_VAULT_API_VERSION),
                vaultToken,
                `${what} (${kind.path})`,
                options,
              );
              for (const item of items) found.push(...keyVaultToken(item, vault, kind));
            }
            // A vault is taken whole or not at all.
            tokens.push(...found);
          });
        }
      }
      return reading.outcome();
    } catch (error) {
      // The login refused the credentials: nothing was read, nothing may be marked removed.
      const unread = unreadableSource(error, 'The Microsoft Entra ID login', azureReadFailure);
      if (unread) return unread;
      throw error;
    }
  };
}
