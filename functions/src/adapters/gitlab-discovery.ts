/**
 * GitLab discovery (gitlab.com or a self-managed instance), read-only with the integration's
 * token: the personal access tokens the token can see (`GET /api/v4/personal_access_tokens`),
 * and for each configured project its access tokens and deploy tokens
 * (`/projects/:id/access_tokens`, `/projects/:id/deploy_tokens`) and for each group its access
 * tokens (`/groups/:id/access_tokens`). Pages are followed by `X-Next-Page` (else the `Link`
 * header's `rel="next"`); a 429 is retried after its `Retry-After`; a 401 means the token is
 * refused and nothing could be read. Revoked, inactive and never-expiring tokens are left out.
 * Every request goes through the SSRF guard (adapters/guarded-http.ts).
 */
import type {
  GitlabCredentials,
  GitlabSettings,
} from '@expiry-radar/shared/api/integration-api-schemas';
import type { DiscoveredToken, Discovery, DiscoveryProvider } from '../domain/discovery';
import { guardedRequest, OutboundRequestError, type OutboundOptions } from './guarded-http';

const PER_PAGE = 100;
/** At most this many pages of one list: 10,000 tokens. */
const MAX_PAGES = 100;
const MAX_RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_AFTER_SECONDS = 30;

interface GitlabToken {
  readonly id: number;
  readonly name: string;
  readonly expires_at: string | null;
  readonly revoked?: boolean;
  readonly active?: boolean;
  readonly expired?: boolean;
  readonly scopes?: readonly string[];
  readonly username?: string;
}

/** A list GitLab would not give: its message, and whether the token itself was refused. */
class GitlabReadError extends Error {
  constructor(
    message: string,
    readonly unauthorized: boolean,
  ) {
    super(message);
    this.name = 'GitlabReadError';
  }
}

export interface GitlabTransportOptions extends OutboundOptions {
  /** Waits out a Retry-After; tests may shorten it. */
  readonly sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function nextPageUrl(
  current: URL,
  headers: Readonly<Record<string, string | undefined>>,
): URL | null {
  const nextPage = headers['x-next-page']?.trim();
  if (nextPage) {
    const next = new URL(current);
    next.searchParams.set('page', nextPage);
    return next;
  }
  const link = headers.link
    ?.split(',')
    .find((part) => /rel="?next"?/.test(part))
    ?.match(/<([^>]+)>/)?.[1];
  if (!link) return null;
  const next = new URL(link, current);
  // Only pages of the same instance are followed.
  return next.origin === current.origin ? next : null;
}

async function readList(
  baseUrl: string,
  path: string,
  token: string,
  options: GitlabTransportOptions,
): Promise<GitlabToken[]> {
  const sleep = options.sleep ?? realSleep;
  let url: URL | null = new URL(`${baseUrl}/api/v4${path}`);
  url.searchParams.set('per_page', String(PER_PAGE));
  const items: GitlabToken[] = [];
  for (let page = 0; url && page < MAX_PAGES; page += 1) {
    let response;
    for (let attempt = 0; ; attempt += 1) {
      response = await guardedRequest(
        'GET',
        url.toString(),
        { 'private-token': token },
        undefined,
        options,
      );
      if (response.status !== 429 || attempt >= MAX_RATE_LIMIT_RETRIES) break;
      const seconds = Number(response.headers['retry-after']);
      const wait =
        Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_AFTER_SECONDS) : 1;
      await sleep(wait * 1000);
    }
    if (response.status === 401) {
      throw new GitlabReadError(
        'GitLab refused the token (401): check it is valid and not expired',
        true,
      );
    }
    if (response.status === 429) {
      throw new GitlabReadError(`${path}: GitLab kept answering 429 (rate limited)`, false);
    }
    if (response.status < 200 || response.status >= 300) {
      throw new GitlabReadError(`${path}: GitLab answered ${response.status}`, false);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.text);
    } catch {
      throw new GitlabReadError(`${path}: GitLab answered something other than JSON`, false);
    }
    if (!Array.isArray(parsed)) {
      throw new GitlabReadError(`${path}: GitLab answered something other than a list`, false);
    }
    items.push(...(parsed as GitlabToken[]));
    url = nextPageUrl(url, response.headers);
  }
  return items;
}

function isTracked(token: GitlabToken): token is GitlabToken & { expires_at: string } {
  return (
    typeof token.id === 'number' &&
    typeof token.name === 'string' &&
    typeof token.expires_at === 'string' &&
    /^\d{4}-\d{2}-\d{2}/.test(token.expires_at) &&
    token.revoked !== true &&
    token.active !== false
  );
}

function discovered(
  token: GitlabToken & { expires_at: string },
  externalId: string,
  label: string,
  location: string,
): DiscoveredToken {
  return {
    externalId,
    name: `${label}: ${token.name}`,
    type: 'api_key',
    expiresAt: token.expires_at.slice(0, 10),
    fields: {
      issuer: 'GitLab',
      location,
      description: token.scopes?.length ? `Scopes: ${token.scopes.join(', ')}` : null,
    },
  };
}

export function gitlabDiscovery(
  options: GitlabTransportOptions = {},
): DiscoveryProvider<GitlabSettings, GitlabCredentials> {
  return async ({ settings, credentials }) => {
    const base = settings.base_url.replace(/\/+$/, '');
    const host = new URL(base).host;
    const tokens: DiscoveredToken[] = [];
    const errors: string[] = [];
    const unreadPrefixes: string[] = [];
    const lists = [
      {
        prefix: 'pat:',
        path: '/personal_access_tokens',
        label: 'GitLab personal access token',
        location: host,
      },
      ...settings.project_ids.flatMap((project) => [
        {
          prefix: `project:${project}:access_token:`,
          path: `/projects/${encodeURIComponent(project)}/access_tokens`,
          label: `GitLab project ${project} access token`,
          location: `${host}/${project}`,
        },
        {
          prefix: `project:${project}:deploy_token:`,
          path: `/projects/${encodeURIComponent(project)}/deploy_tokens`,
          label: `GitLab project ${project} deploy token`,
          location: `${host}/${project}`,
        },
      ]),
      ...settings.group_ids.map((group) => ({
        prefix: `group:${group}:access_token:`,
        path: `/groups/${encodeURIComponent(group)}/access_tokens`,
        label: `GitLab group ${group} access token`,
        location: `${host}/${group}`,
      })),
    ];
    for (const list of lists) {
      try {
        const found = await readList(base, list.path, credentials.token, options);
        for (const token of found.filter(isTracked)) {
          tokens.push(discovered(token, `${list.prefix}${token.id}`, list.label, list.location));
        }
      } catch (error) {
        if (!(error instanceof GitlabReadError || error instanceof OutboundRequestError))
          throw error;
        if (error instanceof GitlabReadError && error.unauthorized) {
          // The token itself is refused: nothing was read, nothing may be marked removed.
          return { tokens: [], errors: [error.message], unreadPrefixes: [''] };
        }
        // A read error names its list already; a failed connection is named here, so each
        // list's failure says which list it was.
        errors.push(
          error instanceof OutboundRequestError ? `${list.path}: ${error.message}` : error.message,
        );
        unreadPrefixes.push(list.prefix);
      }
    }
    return { tokens, errors, unreadPrefixes } satisfies Discovery;
  };
}
