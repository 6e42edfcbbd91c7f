/**
 * HashiCorp Vault discovery, read-only with the integration's token (or a token the AppRole login
 * `POST /v1/auth/approle/login` gives for this sync): the certificates of each configured PKI
 * mount (`LIST /v1/<mount>/certs`, then `GET /v1/<mount>/cert/<serial>`, whose PEM gives the
 * expiry and subject), the KV v2 secrets of each configured KV mount that carry an expiry in their
 * custom metadata (`LIST /v1/<mount>/metadata/<path>`, folders recursively, then
 * `GET /v1/<mount>/metadata/<path>`; key `expires_at`, else `expiry` or `expires`, an ISO date or
 * date-time), and the stored token's own expiry (`GET /v1/auth/token/lookup-self`; a token that
 * never expires, such as a root token, is left out, and so is an AppRole login, new every sync).
 *
 * Vault's LIST is a GET with `?list=true`; a LIST with nothing under the path answers 404, read
 * here as empty. Pages are asked for with `limit` and `after` (servers that page their lists take
 * them; Vault itself answers the whole list, which ends the paging at once). A 429 or 5xx is
 * retried with backoff, twice; a 401 or 403 at the login or the token's lookup means the token is
 * refused and nothing could be read; on a mount it is that mount's error, and the other mounts
 * are still read. Revoked certificates and certificates already expired are left out: Vault keeps
 * issued certificates until they are tidied, and a renewal is a new serial. Every request goes
 * through the SSRF guard (adapters/guarded-http.ts); the namespace, when set, is sent as
 * `X-Vault-Namespace` on every request.
 */
import { X509Certificate } from 'node:crypto';
import type {
  VaultCredentials,
  VaultSettings,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { FIELD_MAX_LENGTHS } from '@expiry-radar/shared/domain/field-limits';
import { subjectAltNames, tokenFieldsOf } from '../domain/certificate-reading';
import type { DiscoveredToken, Discovery, DiscoveryProvider } from '../domain/discovery';
import { forEachLimited } from '../platform/concurrency';
import { guardedRequest, OutboundRequestError, type OutboundOptions } from './guarded-http';

/** Entries asked for per LIST page. */
const PAGE_SIZE = 500;
/** At most this many entries of one mount: certificates, or secrets and folders. */
const MAX_ENTRIES_PER_MOUNT = 10_000;
const MAX_FOLDER_DEPTH = 20;
const MAX_RETRIES = 2;
const FIRST_BACKOFF_MS = 500;
const MAX_RETRY_AFTER_SECONDS = 30;
const READ_CONCURRENCY = 8;
/** Custom metadata keys holding a KV secret's expiry, the first one present wins. */
export const KV_EXPIRY_KEYS = ['expires_at', 'expiry', 'expires'] as const;

export interface VaultTransportOptions extends OutboundOptions {
  /** Waits between retries; tests may shorten it. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Entries asked for per LIST page; tests may make it small. */
  readonly pageSize?: number;
  /** Certificates that expired before this instant are left out; now by default. */
  readonly now?: () => Date;
}

/** A request Vault would not answer: its message and Vault's status (401, 403: the token refused). */
class VaultReadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'VaultReadError';
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The status with Vault's own first message (`{"errors": ["…"]}`), short: `403: permission denied`. */
function statusText(status: number, text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    const first: unknown =
      isRecord(parsed) && Array.isArray(parsed.errors) ? parsed.errors[0] : undefined;
    if (typeof first === 'string' && first.trim() !== '') {
      return `${status}: ${first.trim().replace(/\s+/g, ' ').slice(0, 200)}`;
    }
  } catch {
    // Not JSON: the status says enough.
  }
  return String(status);
}

const isRefusal = (status: number) => status === 401 || status === 403;

/** A text cut to what a token field holds (the external id keeps the whole path). */
const cut = (text: string, field: keyof typeof FIELD_MAX_LENGTHS) =>
  text.slice(0, FIELD_MAX_LENGTHS[field]);

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

interface VaultClient {
  /** The parsed JSON answer, or null for a 404. */
  request(
    method: 'GET' | 'POST',
    path: string,
    query?: Readonly<Record<string, string>>,
    body?: unknown,
  ): Promise<unknown>;
  readonly pageSize: number;
}

function vaultClient(
  address: string,
  namespace: string | null,
  token: () => string | null,
  options: VaultTransportOptions,
): VaultClient {
  const sleep = options.sleep ?? realSleep;
  return {
    pageSize: options.pageSize ?? PAGE_SIZE,
    async request(method, path, query = {}, body) {
      const url = new URL(`${address}/v1/${path}`);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      const currentToken = token();
      const headers: Record<string, string> = {
        ...(currentToken ? { 'x-vault-token': currentToken } : {}),
        ...(namespace ? { 'x-vault-namespace': namespace } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      };
      let response;
      for (let attempt = 0; ; attempt += 1) {
        response = await guardedRequest(
          method,
          url.toString(),
          headers,
          body === undefined ? undefined : JSON.stringify(body),
          options,
        );
        const retryable = response.status === 429 || response.status >= 500;
        if (!retryable || attempt >= MAX_RETRIES) break;
        const seconds = Number(response.headers['retry-after']);
        await sleep(
          Number.isFinite(seconds) && seconds > 0
            ? Math.min(seconds, MAX_RETRY_AFTER_SECONDS) * 1000
            : FIRST_BACKOFF_MS * 2 ** attempt,
        );
      }
      const { status } = response;
      if (status === 404) return null;
      const said = statusText(status, response.text);
      if (isRefusal(status)) {
        throw new VaultReadError(
          `${path}: Vault refused the token (${said}): check its policy allows reading this path`,
          status,
        );
      }
      if (status === 429 || status >= 500) {
        throw new VaultReadError(`${path}: Vault kept answering ${said}`, status);
      }
      if (status < 200 || status >= 300) {
        throw new VaultReadError(`${path}: Vault answered ${said}`, status);
      }
      try {
        return JSON.parse(response.text) as unknown;
      } catch {
        throw new VaultReadError(`${path}: Vault answered something other than JSON`, status);
      }
    },
  };
}

/** The keys under a path (`LIST`), every page; folders end with `/`. */
async function listKeys(client: VaultClient, path: string): Promise<string[]> {
  const keys: string[] = [];
  let after: string | null = null;
  while (keys.length < MAX_ENTRIES_PER_MOUNT) {
    const answer = await client.request('GET', path, {
      list: 'true',
      limit: String(client.pageSize),
      ...(after === null ? {} : { after }),
    });
    const page =
      isRecord(answer) && isRecord(answer.data) && Array.isArray(answer.data.keys)
        ? answer.data.keys.filter((key): key is string => typeof key === 'string')
        : [];
    // A server that does not page answers its whole list again: nothing after `after` is new.
    const fresh = after === null ? page : page.filter((key) => key > after!);
    if (after !== null && fresh.length < page.length) break;
    keys.push(...fresh);
    if (page.length < client.pageSize || fresh.length === 0) break;
    after = page[page.length - 1]!;
  }
  return keys.slice(0, MAX_ENTRIES_PER_MOUNT);
}

/** `YYYY-MM-DD` of an ISO date or date-time (a date-time's UTC date), or null. */
export function expiryDateOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const date = new Date(`${text}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : text;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString().slice(0, 10);
}

interface Findings {
  readonly tokens: DiscoveredToken[];
  readonly errors: string[];
  readonly unreadPrefixes: string[];
}

function recordFailure(findings: Findings, error: unknown, prefix: string): void {
  if (!(error instanceof VaultReadError || error instanceof OutboundRequestError)) throw error;
  findings.errors.push(error.message);
  findings.unreadPrefixes.push(prefix);
}

async function readPkiMount(
  client: VaultClient,
  mount: string,
  host: string,
  now: Date,
  findings: Findings,
): Promise<void> {
  const prefix = `pki:${mount}:`;
  let serials: string[];
  try {
    serials = await listKeys(client, `${encodePath(mount)}/certs`);
  } catch (error) {
    recordFailure(findings, error, prefix);
    return;
  }
  const found: DiscoveredToken[] = [];
  await forEachLimited(serials, READ_CONCURRENCY, async (serial) => {
    let answer: unknown;
    try {
      answer = await client.request(
        'GET',
        `${encodePath(mount)}/cert/${encodeURIComponent(serial)}`,
      );
    } catch (error) {
      recordFailure(findings, error, `${prefix}${serial}`);
      return;
    }
    const data = isRecord(answer) && isRecord(answer.data) ? answer.data : null;
    if (!data || typeof data.certificate !== 'string') return;
    if (typeof data.revocation_time === 'number' && data.revocation_time > 0) return;
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(data.certificate);
    } catch {
      findings.errors.push(`${mount}/cert/${serial}: not a readable PEM certificate`);
      findings.unreadPrefixes.push(`${prefix}${serial}`);
      return;
    }
    if (new Date(certificate.validTo).getTime() < now.getTime()) return;
    const { name, type, expiresAt, ...fields } = tokenFieldsOf(
      certificate,
      subjectAltNames(certificate.subjectAltName),
    );
    found.push({
      externalId: `${prefix}${serial}`,
      name,
      type,
      expiresAt,
      fields: { ...fields, location: cut(`${host}/${mount}`, 'location') },
    });
  });
  // Serial order, whatever order the reads finished in.
  findings.tokens.push(...found.sort((a, b) => a.externalId.localeCompare(b.externalId)));
}

async function readKvMount(
  client: VaultClient,
  mount: string,
  host: string,
  findings: Findings,
): Promise<void> {
  const base = encodePath(mount);
  const secrets: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    let keys: string[];
    try {
      keys = await listKeys(client, `${base}/metadata/${encodePath(folder)}`);
    } catch (error) {
      recordFailure(findings, error, `kv:${mount}:${folder}`);
      return;
    }
    for (const key of keys) {
      if (secrets.length >= MAX_ENTRIES_PER_MOUNT) return;
      if (!key.endsWith('/')) secrets.push(`${folder}${key}`);
      else if (depth < MAX_FOLDER_DEPTH) await walk(`${folder}${key}`, depth + 1);
      else {
        findings.errors.push(
          `${mount}/${folder}${key}: folders deeper than ${MAX_FOLDER_DEPTH} levels are not read`,
        );
        findings.unreadPrefixes.push(`kv:${mount}:${folder}${key}`);
      }
    }
  };
  await walk('', 0);

  const found: DiscoveredToken[] = [];
  await forEachLimited(secrets, READ_CONCURRENCY, async (path) => {
    const externalId = `kv:${mount}:${path}`;
    let answer: unknown;
    try {
      answer = await client.request('GET', `${base}/metadata/${encodePath(path)}`);
    } catch (error) {
      recordFailure(findings, error, externalId);
      return;
    }
    const data = isRecord(answer) && isRecord(answer.data) ? answer.data : null;
    const custom = data && isRecord(data.custom_metadata) ? data.custom_metadata : null;
    const key = KV_EXPIRY_KEYS.find((candidate) => custom?.[candidate] !== undefined);
    if (!custom || !key) return;
    const expiresAt = expiryDateOf(custom[key]);
    if (!expiresAt) {
      findings.errors.push(
        `${mount}/${path}: custom metadata ${key} is not an ISO date or date-time`,
      );
      findings.unreadPrefixes.push(externalId);
      return;
    }
    found.push({
      externalId,
      name: cut(path, 'name'),
      type: 'secret',
      expiresAt,
      fields: {
        issuer: 'HashiCorp Vault',
        location: cut(`${host}/${mount}`, 'location'),
        description: cut(`KV secret ${mount}/${path}`, 'description'),
      },
    });
  });
  findings.tokens.push(...found.sort((a, b) => a.externalId.localeCompare(b.externalId)));
}

/** The stored token's own expiry; null when it never expires. */
function tokenOf(answer: unknown, host: string): DiscoveredToken | null {
  const data = isRecord(answer) && isRecord(answer.data) ? answer.data : null;
  if (!data || typeof data.accessor !== 'string') return null;
  const expiresAt = expiryDateOf(data.expire_time);
  if (!expiresAt) return null;
  const displayName = typeof data.display_name === 'string' ? data.display_name : data.accessor;
  const policies = Array.isArray(data.policies)
    ? data.policies.filter((policy): policy is string => typeof policy === 'string')
    : [];
  return {
    externalId: `token:${data.accessor}`,
    name: cut(`Vault token: ${displayName}`, 'name'),
    type: 'api_key',
    expiresAt,
    fields: {
      issuer: 'HashiCorp Vault',
      location: cut(host, 'location'),
      description: policies.length ? cut(`Policies: ${policies.join(', ')}`, 'description') : null,
    },
  };
}

const refused = (message: string): Discovery => ({
  tokens: [],
  errors: [message],
  // Nothing was read: nothing may be marked removed.
  unreadPrefixes: [''],
});

export function vaultDiscovery(
  options: VaultTransportOptions = {},
): DiscoveryProvider<VaultSettings, VaultCredentials> {
  return async ({ settings, credentials }) => {
    const address = settings.address.replace(/\/+$/, '');
    const host = new URL(address).host;
    const namespace = settings.namespace?.trim() ? settings.namespace.trim() : null;
    let token: string | null = 'token' in credentials ? credentials.token : null;
    const client = vaultClient(address, namespace, () => token, options);
    const findings: Findings = { tokens: [], errors: [], unreadPrefixes: [] };

    const appRole = 'role_id' in credentials;
    try {
      if (appRole) {
        const login = await client.request(
          'POST',
          'auth/approle/login',
          {},
          {
            role_id: credentials.role_id,
            secret_id: credentials.secret_id,
          },
        );
        const auth = isRecord(login) && isRecord(login.auth) ? login.auth : null;
        if (!auth || typeof auth.client_token !== 'string') {
          return refused('Vault refused the AppRole login: check the role id and secret id');
        }
        token = auth.client_token;
      } else {
        const lookup = await client.request('GET', 'auth/token/lookup-self');
        const own = tokenOf(lookup, host);
        if (own) findings.tokens.push(own);
      }
    } catch (error) {
      if (!(error instanceof VaultReadError || error instanceof OutboundRequestError)) throw error;
      // Vault answers a wrong role or secret id with 400, a wrong token with 403.
      if (appRole && error instanceof VaultReadError && error.status === 400) {
        return refused('Vault refused the AppRole login (400): check the role id and secret id');
      }
      if (error instanceof VaultReadError && isRefusal(error.status)) {
        return refused(
          appRole
            ? `Vault refused the AppRole login (${error.status}): check the role id and secret id`
            : `Vault refused the token (${error.status}): check it is valid, not expired and allowed to look itself up`,
        );
      }
      if (appRole) return refused(error.message);
      // The token's own expiry could not be read; the mounts may still be.
      recordFailure(findings, error, 'token:');
    }

    const now = (options.now ?? (() => new Date()))();
    for (const mount of settings.pki_mounts.map(trimSlashes).filter(Boolean)) {
      await readPkiMount(client, mount, host, now, findings);
    }
    for (const mount of settings.kv_mounts.map(trimSlashes).filter(Boolean)) {
      await readKvMount(client, mount, host, findings);
    }
    return findings satisfies Discovery;
  };
}
