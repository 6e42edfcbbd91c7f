/**
 * GitHub discovery for one organization, read-only through GitHub's REST API (api.github.com or
 * GitHub Enterprise Server's `/api/v3`), with a token or as a GitHub App (its app id and private
 * key: a JWT signed RS256 finds the organization's installation, `GET /orgs/{org}/installation`,
 * and makes an installation token, `POST /app/installations/{id}/access_tokens`):
 *
 * - fine-grained personal access tokens granted to the organization
 *   (`GET /orgs/{org}/personal-access-tokens`: `token_name`, `token_expires_at`, the owner's login);
 * - pending requests for such tokens (`GET /orgs/{org}/personal-access-token-requests`), with the
 *   expiry the token would have;
 * - deploy keys of the organization's repositories (`GET /repos/{org}/{repo}/keys`; the given
 *   repositories, else every one `GET /orgs/{org}/repos` lists, up to MAX_SCOPE_IDS): GitHub sets
 *   no expiry on them, so one is tracked as expiring `deploy_key_max_age_days` after it was added,
 *   as IAM access keys are.
 *
 * GitHub App installations are not read as tokens: the API shows no expiry for their credentials
 * (installation tokens last an hour and are made on demand; an App's private keys and client
 * secrets have none). Tokens without an expiry are left out, as GitLab's are.
 *
 * Pages are followed by the `Link` header's `rel="next"` on the same host, 100 a page. A 429, or
 * a 403 that says the rate limit is spent (`x-ratelimit-remaining: 0`, or a secondary limit with
 * `Retry-After`), is retried after `Retry-After` or until `x-ratelimit-reset` (each wait at most
 * 30 s, three times). A 401 refuses the credentials: nothing is read and nothing may be marked
 * removed. Any other failure of one list (a 403 on one repository, a 5xx) is an error naming it,
 * its tokens are not marked removed, and the other lists are still read; a 5xx, or a rate limit
 * spent for longer than is waited, makes it `retryable` (the scheduled sync is tried again later).
 * The token grants, the requests and each repository's deploy keys are parts of their own
 * (domain/discovery.ts): the scheduled worker may read them over several messages. Every request
 * goes through the SSRF guard (adapters/guarded-http.ts).
 */
import { createPrivateKey, createSign } from 'node:crypto';
import {
  MAX_SCOPE_IDS,
  type GithubCredentials,
  type GithubSettings,
} from '@expiry-radar/shared/api/integration-api-schemas';
import type { DiscoveredToken, DiscoveryProvider } from '../domain/discovery';
import { discoveryReading, unreadableSource } from './discovery-reading';
import { guardedRequest, type OutboundOptions } from './guarded-http';

const PER_PAGE = 100;
/** At most this many pages of one list: 10,000 items. */
const MAX_PAGES = 100;
const MAX_RATE_LIMIT_RETRIES = 3;
const MAX_WAIT_SECONDS = 30;
const DAY_MS = 86_400_000;
const API_VERSION = '2022-11-28';

/** A list GitHub would not give: its message, and whether the credentials were refused. */
class GithubReadError extends Error {
  constructor(
    message: string,
    readonly unauthorized: boolean,
    /** A later try may mend it (a 5xx, the rate limit spent for longer than is waited). */
    readonly transient = false,
  ) {
    super(message);
    this.name = 'GithubReadError';
  }
}

export interface GithubTransportOptions extends OutboundOptions {
  /** Waits out a rate limit; tests may shorten it. */
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => Date;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface GithubOwner {
  readonly login?: string;
}

/** An organization's fine-grained token grant, or a pending request for one (GitHub's shape). */
interface GithubTokenGrant {
  readonly id: number;
  readonly owner?: GithubOwner;
  readonly token_name?: string;
  readonly token_expired?: boolean;
  readonly token_expires_at?: string | null;
  readonly repository_selection?: string;
  readonly reason?: string | null;
}

interface GithubDeployKey {
  readonly id: number;
  readonly title?: string;
  readonly created_at?: string;
  readonly read_only?: boolean;
  readonly enabled?: boolean;
  readonly last_used?: string | null;
}

interface GithubRepository {
  readonly name?: string;
  readonly archived?: boolean;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** The JWT a GitHub App authenticates as itself with (RS256, issued 60 s back, 9 minutes). */
export function githubAppJwt(appId: string, privateKey: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000) - 60;
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iat: issuedAt, exp: issuedAt + 600, iss: appId }));
  let key;
  try {
    key = createPrivateKey(privateKey);
  } catch {
    throw new GithubReadError(
      "The GitHub App's private key could not be read: paste the whole PEM file GitHub gave",
      true,
    );
  }
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key);
  return `${header}.${payload}.${base64url(signature)}`;
}

function nextPageUrl(
  current: URL,
  headers: Readonly<Record<string, string | undefined>>,
): URL | null {
  const link = headers.link
    ?.split(',')
    .find((part) => /rel="?next"?/.test(part))
    ?.match(/<([^>]+)>/)?.[1];
  if (!link) return null;
  const next = new URL(link, current);
  // Only pages of the same API are followed.
  return next.origin === current.origin ? next : null;
}

/** Seconds to wait before trying a rate-limited answer again, or null when it is not one. */
function rateLimitWait(
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  now: Date,
): number | null {
  const retryAfter = Number(headers['retry-after']);
  const spent = headers['x-ratelimit-remaining'] === '0';
  if (status !== 429 && !(status === 403 && (spent || headers['retry-after'] !== undefined))) {
    return null;
  }
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter;
  const reset = Number(headers['x-ratelimit-reset']);
  if (spent && Number.isFinite(reset)) return Math.max(0, reset - now.getTime() / 1000);
  return 60;
}

function messageOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' ? `: ${parsed.message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

interface Client {
  readonly request: (
    method: 'GET' | 'POST',
    url: URL,
    what: string,
  ) => Promise<{ json: unknown; headers: Readonly<Record<string, string | undefined>> }>;
}

function githubClient(authorization: () => string, options: GithubTransportOptions): Client {
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? (() => new Date());
  return {
    async request(method, url, what) {
      let response;
      for (let attempt = 0; ; attempt += 1) {
        response = await guardedRequest(
          method,
          url.toString(),
          {
            accept: 'application/vnd.github+json',
            authorization: authorization(),
            'user-agent': 'expiry-radar',
            'x-github-api-version': API_VERSION,
          },
          method === 'POST' ? '{}' : undefined,
          options,
        );
        const wait = rateLimitWait(response.status, response.headers, now());
        if (wait === null) break;
        if (attempt >= MAX_RATE_LIMIT_RETRIES || wait > MAX_WAIT_SECONDS) {
          throw new GithubReadError(
            `${what}: GitHub's rate limit is spent (${response.status}); the next sync reads it`,
            false,
            true,
          );
        }
        await sleep(Math.max(wait, 0.05) * 1000);
      }
      if (response.status === 401) {
        throw new GithubReadError(
          `GitHub refused the credentials (401)${messageOf(response.text)}: check the token or the App's id and private key`,
          true,
        );
      }
      if (response.status < 200 || response.status >= 300) {
        throw new GithubReadError(
          `${what}: GitHub answered ${response.status}${messageOf(response.text)}`,
          false,
          response.status >= 500,
        );
      }
      try {
        return { json: JSON.parse(response.text) as unknown, headers: response.headers };
      } catch {
        throw new GithubReadError(`${what}: GitHub answered something other than JSON`, false);
      }
    },
  };
}

async function readList<Item>(client: Client, first: URL, what: string): Promise<Item[]> {
  let url: URL | null = first;
  url.searchParams.set('per_page', String(PER_PAGE));
  const items: Item[] = [];
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    const { json, headers } = await client.request('GET', url, what);
    if (!Array.isArray(json)) {
      throw new GithubReadError(`${what}: GitHub answered something other than a list`, false);
    }
    items.push(...(json as Item[]));
    url = nextPageUrl(url, headers);
  }
  return items;
}

/** The Authorization header: the token, or an installation token the App makes for the org. */
async function authorizationFor(
  apiUrl: string,
  organization: string,
  credentials: GithubCredentials,
  options: GithubTransportOptions,
): Promise<string> {
  if ('token' in credentials) return `Bearer ${credentials.token}`;
  const now = options.now ?? (() => new Date());
  const jwt = githubAppJwt(credentials.app_id, credentials.private_key, now());
  const app = githubClient(() => `Bearer ${jwt}`, options);
  const installation = await app.request(
    'GET',
    new URL(`${apiUrl}/orgs/${encodeURIComponent(organization)}/installation`),
    `The GitHub App's installation on ${organization}`,
  );
  const id = (installation.json as { id?: unknown }).id;
  if (typeof id !== 'number') {
    throw new GithubReadError(`The GitHub App is not installed on ${organization}`, true);
  }
  const made = await app.request(
    'POST',
    new URL(`${apiUrl}/app/installations/${id}/access_tokens`),
    `An installation token for ${organization}`,
  );
  const token = (made.json as { token?: unknown }).token;
  if (typeof token !== 'string' || token === '') {
    throw new GithubReadError(`GitHub made no installation token for ${organization}`, true);
  }
  return `Bearer ${token}`;
}

function dayOf(instant: string | null | undefined): string | null {
  if (typeof instant !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(instant)) return null;
  return instant.slice(0, 10);
}

function grantToken(
  grant: GithubTokenGrant,
  prefix: string,
  label: string,
  location: string,
): DiscoveredToken[] {
  const expiresAt = dayOf(grant.token_expires_at);
  if (typeof grant.id !== 'number' || expiresAt === null) return [];
  const owner = grant.owner?.login ?? 'unknown user';
  return [
    {
      externalId: `${prefix}${grant.id}`,
      name: `${label}: ${grant.token_name ?? `token ${grant.id}`} (${owner})`,
      type: 'api_key',
      expiresAt,
      fields: {
        issuer: 'GitHub',
        location,
        used_by: owner,
        description:
          grant.reason && prefix.startsWith('pat-request')
            ? `Requested: ${grant.reason.slice(0, 500)}`
            : grant.repository_selection
              ? `Repository access: ${grant.repository_selection}`
              : null,
      },
    },
  ];
}

function deployKeyToken(
  key: GithubDeployKey,
  repository: string,
  location: string,
  maxAgeDays: number,
): DiscoveredToken[] {
  const created = key.created_at ? Date.parse(key.created_at) : Number.NaN;
  if (typeof key.id !== 'number' || !Number.isFinite(created) || key.enabled === false) return [];
  return [
    {
      externalId: `repo:${repository}:deploy_key:${key.id}`,
      name: `GitHub deploy key: ${key.title ?? key.id} (${repository})`,
      type: 'ssh_key',
      expiresAt: new Date(created + maxAgeDays * DAY_MS).toISOString().slice(0, 10),
      fields: {
        issuer: 'GitHub',
        location: `${location}/${repository}`,
        description: `${key.read_only === false ? 'Read and write' : 'Read-only'} deploy key added ${key.created_at?.slice(0, 10) ?? ''}; GitHub sets no expiry, so it is tracked as expiring ${maxAgeDays} days after it was added.`,
      },
    },
  ];
}

const githubReadFailure = (error: unknown) =>
  error instanceof GithubReadError
    ? { message: error.message, refused: error.unauthorized, transient: error.transient }
    : undefined;

export function githubDiscovery(
  options: GithubTransportOptions = {},
): DiscoveryProvider<GithubSettings, GithubCredentials> {
  return async ({ settings, credentials, progress }) => {
    const api = settings.api_url.replace(/\/+$/, '');
    const org = settings.organization;
    const orgPath = `${api}/orgs/${encodeURIComponent(org)}`;
    const webHost = new URL(api).host.replace(/^api\./, '');
    const location = `${webHost}/${org}`;
    const reading = discoveryReading(progress, githubReadFailure);
    const { tokens, errors, unreadPrefixes, parts } = reading;
    try {
      const authorization = await authorizationFor(api, org, credentials, options);
      const client = githubClient(() => authorization, options);

      /** Reads one list; its failure is an error naming it, and its prefix stays unread. */
      const read = async <Item>(prefix: string, url: URL, what: string): Promise<Item[] | null> => {
        try {
          return await readList<Item>(client, url, what);
        } catch (error) {
          reading.failed(prefix, what, error);
          return null;
        }
      };
      /** Reads one part's list, unless an earlier message read it or time is up. */
      const readPart = <Item>(prefix: string, url: URL, what: string) =>
        parts.take(prefix) ? read<Item>(prefix, url, what) : Promise.resolve(null);

      const grants = await readPart<GithubTokenGrant>(
        'pat:',
        new URL(`${orgPath}/personal-access-tokens`),
        `Fine-grained tokens of ${org}`,
      );
      for (const grant of grants ?? []) {
        tokens.push(...grantToken(grant, 'pat:', 'GitHub fine-grained token', location));
      }
      const requests = await readPart<GithubTokenGrant>(
        'pat-request:',
        new URL(`${orgPath}/personal-access-token-requests`),
        `Pending token requests of ${org}`,
      );
      for (const request of requests ?? []) {
        tokens.push(
          ...grantToken(
            request,
            'pat-request:',
            'GitHub fine-grained token request (pending)',
            location,
          ),
        );
      }

      let repositories: string[] = [...settings.repositories];
      if (repositories.length === 0) {
        const listed = await read<GithubRepository>(
          'repo:',
          new URL(`${orgPath}/repos`),
          `Repositories of ${org}`,
        );
        const names = (listed ?? []).flatMap((repo) =>
          typeof repo.name === 'string' && repo.archived !== true ? [repo.name] : [],
        );
        if (names.length > MAX_SCOPE_IDS) {
          errors.push(
            `${org} has ${names.length} repositories: deploy keys were read for the first ${MAX_SCOPE_IDS}; name the repositories to read in the integration's settings`,
          );
          unreadPrefixes.push(...names.slice(MAX_SCOPE_IDS).map((name) => `repo:${name}:`));
        }
        repositories = names.slice(0, MAX_SCOPE_IDS);
      }
      for (const repository of repositories) {
        const keys = await readPart<GithubDeployKey>(
          `repo:${repository}:`,
          new URL(`${api}/repos/${encodeURIComponent(org)}/${encodeURIComponent(repository)}/keys`),
          `Deploy keys of ${org}/${repository}`,
        );
        for (const key of keys ?? []) {
          tokens.push(
            ...deployKeyToken(key, repository, location, settings.deploy_key_max_age_days),
          );
        }
      }
      return reading.outcome();
    } catch (error) {
      // The credentials themselves are refused: nothing was read, nothing may be marked removed.
      const unread = unreadableSource(error, 'GitHub', githubReadFailure);
      if (unread) return unread;
      throw error;
    }
  };
}
