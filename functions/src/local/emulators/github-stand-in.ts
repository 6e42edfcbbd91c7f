/**
 * GitHub's REST API, standing in for api.github.com locally (`npm start`) and in tests, on
 * 127.0.0.1, with GitHub's documented JSON shapes:
 *
 * - `GET /orgs/{org}/personal-access-tokens` and `/personal-access-token-requests` (fine-grained
 *   token grants and pending requests: `id`, `owner.login`, `token_name`, `token_expires_at`…),
 *   `GET /orgs/{org}/repos`, `GET /repos/{org}/{repo}/keys` (deploy keys): `per_page` and `page`,
 *   the `Link` header's `rel="next"` and `rel="last"`;
 * - as a GitHub App: `GET /orgs/{org}/installation` and `POST /app/installations/{id}/access_tokens`
 *   with a JWT (RS256, `iss` the app id, checked against the App's public key and its `exp`);
 * - `Authorization: Bearer <token>` (or `token <token>`) with the stand-in's token or an
 *   installation token it made; 401 otherwise, 404 for an organization or repository it does not
 *   hold.
 *
 * What it holds is set by tests through the returned object, and by anyone through
 * `PUT /stand-in/orgs/{org}` (JSON: `tokens`, `requests`, `repositories` as name → deploy keys)
 * and `PUT /stand-in/failures` (`{ path, status, times?, retry_after? }`: the next `times` requests
 * of that path answer `status`, a 429 or 403 with `Retry-After` when given). `GET /stand-in/app`
 * answers the token and the App's id and private key to sign in with. With `seed`, the
 * organization `expiry-radar-demo` holds a few tokens, a pending request and a deploy key.
 */
import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  closeServer,
  InjectedFailures,
  JSON_CONTENT_TYPE,
  jsonAnswer,
  listenOnLoopback,
  readJsonBody,
} from './stand-in-http';

export interface GithubStandInGrant {
  readonly id: number;
  readonly owner: string;
  readonly token_name: string;
  /** ISO instant, or null for a token without expiry. */
  readonly token_expires_at: string | null;
  readonly reason?: string;
}

export interface GithubStandInDeployKey {
  readonly id: number;
  readonly title: string;
  /** ISO instant the key was added. */
  readonly created_at: string;
  readonly read_only?: boolean;
}

export interface GithubStandInOrganization {
  readonly tokens?: readonly GithubStandInGrant[];
  readonly requests?: readonly GithubStandInGrant[];
  readonly repositories?: Readonly<Record<string, readonly GithubStandInDeployKey[]>>;
}

export interface GithubStandInFailure {
  /** The request path it applies to, such as `/repos/acme/api/keys`. */
  readonly path: string;
  readonly status: number;
  /** How many requests answer it (1 unless given). */
  readonly times?: number;
  readonly retry_after?: number;
}

export interface GithubStandIn {
  /** `http://127.0.0.1:<port>`: the API URL an integration is given. */
  readonly apiUrl: string;
  readonly token: string;
  readonly appId: string;
  /** The App's private key, PKCS#1 PEM (as GitHub gives it). */
  readonly appPrivateKey: string;
  /** Paths asked for, in order (query strings left out). */
  readonly requests: string[];
  setOrganization(login: string, organization: GithubStandInOrganization): void;
  fail(failure: GithubStandInFailure): void;
  stop(): Promise<void>;
}

const INSTALLATION_ID = 4242;
const DAY_MS = 86_400_000;

const send = jsonAnswer(JSON_CONTENT_TYPE, { 'x-github-api-version-selected': '2022-11-28' });

function githubError(response: ServerResponse, status: number, message: string, headers = {}) {
  send(
    response,
    status,
    { message, documentation_url: 'https://docs.github.com/rest', status: String(status) },
    headers,
  );
}

function user(login: string) {
  return { login, id: login.length * 1000, type: 'User', site_admin: false };
}

function grantJson(grant: GithubStandInGrant, request: boolean) {
  return {
    id: grant.id,
    ...(request ? { reason: grant.reason ?? null, created_at: '2026-11-01T00:00:00Z' } : {}),
    owner: user(grant.owner),
    repository_selection: 'subset',
    repositories_url: `https://api.github.com/organizations/1/personal-access-token-requests/${grant.id}/repositories`,
    permissions: { repository: { contents: 'read', metadata: 'read' } },
    ...(request ? {} : { access_granted_at: '2026-11-01T00:00:00Z' }),
    token_id: grant.id + 10_000,
    token_name: grant.token_name,
    token_expired:
      grant.token_expires_at !== null && Date.parse(grant.token_expires_at) < Date.now(),
    token_expires_at: grant.token_expires_at,
    token_last_used_at: null,
  };
}

function demoOrganization(): GithubStandInOrganization {
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
  return {
    tokens: [
      { id: 1, owner: 'octocat', token_name: 'release automation', token_expires_at: inDays(12) },
      { id: 2, owner: 'hubot', token_name: 'docs sync', token_expires_at: inDays(75) },
      { id: 3, owner: 'mona', token_name: 'no expiry', token_expires_at: null },
    ],
    requests: [
      {
        id: 11,
        owner: 'octocat',
        token_name: 'data export',
        token_expires_at: inDays(30),
        reason: 'Nightly export',
      },
    ],
    repositories: {
      api: [{ id: 101, title: 'deploy@ci', created_at: inDays(-80), read_only: true }],
      web: [],
    },
  };
}

/** Whether `jwt` is the App's (RS256, signed by its key, `iss` its id, not expired). */
function appJwtValid(jwt: string, appId: string, publicKey: KeyObject) {
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return false;
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      iss?: unknown;
      exp?: unknown;
    };
    return String(claims.iss) === appId && Number(claims.exp) * 1000 > Date.now();
  } catch {
    return false;
  }
}

export async function startGithubStandIn(
  options: { port?: number; seed?: boolean; token?: string } = {},
): Promise<GithubStandIn> {
  const token = options.token ?? 'github_pat_stand_in_0123456789';
  const appId = '1001';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appPrivateKey = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const organizations = new Map<string, GithubStandInOrganization>();
  if (options.seed) organizations.set('expiry-radar-demo', demoOrganization());
  const installationTokens = new Set<string>();
  const failures = new InjectedFailures<GithubStandInFailure>();
  const requests: string[] = [];
  let apiUrl = '';

  /** One page of `items`, with GitHub's Link header when there are more. */
  const page = (response: ServerResponse, url: URL, items: readonly unknown[]) => {
    const perPage = Math.min(Math.max(Number(url.searchParams.get('per_page')) || 30, 1), 100);
    const current = Math.max(Number(url.searchParams.get('page')) || 1, 1);
    const last = Math.max(Math.ceil(items.length / perPage), 1);
    const link = (n: number) => {
      const next = new URL(`${apiUrl}${url.pathname}`);
      next.searchParams.set('per_page', String(perPage));
      next.searchParams.set('page', String(n));
      return next.toString();
    };
    const links: Record<string, string> =
      current < last
        ? { link: `<${link(current + 1)}>; rel="next", <${link(last)}>; rel="last"` }
        : {};
    send(response, 200, items.slice((current - 1) * perPage, current * perPage), links);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    requests.push(`${request.method ?? 'GET'} ${path}`);

    if (path === '/stand-in/app' && request.method === 'GET') {
      send(response, 200, { token, app_id: appId, private_key: appPrivateKey });
      return;
    }
    const orgControl = /^\/stand-in\/orgs\/([\w-]+)$/.exec(path);
    if (orgControl && request.method === 'PUT') {
      organizations.set(orgControl[1]!, (await readJsonBody(request)) as GithubStandInOrganization);
      send(response, 200, { ok: true });
      return;
    }
    if (path === '/stand-in/failures' && request.method === 'PUT') {
      failures.add((await readJsonBody(request)) as GithubStandInFailure);
      send(response, 200, { ok: true });
      return;
    }

    const failure = failures.take(path);
    if (failure) {
      const headers: Record<string, string> =
        failure.retry_after === undefined
          ? {}
          : {
              'retry-after': String(failure.retry_after),
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + failure.retry_after),
            };
      githubError(
        response,
        failure.status,
        failure.status === 429
          ? 'You have exceeded a secondary rate limit.'
          : 'Resource not accessible by integration',
        headers,
      );
      return;
    }

    const authorization = request.headers.authorization ?? '';
    const credential = authorization.replace(/^(Bearer|token)\s+/i, '');
    const installation = /^\/orgs\/([\w-]+)\/installation$/.exec(path);
    const makeToken = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path);
    if (installation || makeToken) {
      if (!appJwtValid(credential, appId, publicKey)) {
        githubError(response, 401, 'A JSON web token could not be decoded');
        return;
      }
      if (installation && request.method === 'GET') {
        if (!organizations.has(installation[1]!)) {
          githubError(response, 404, 'Not Found');
          return;
        }
        send(response, 200, {
          id: INSTALLATION_ID,
          account: { login: installation[1], type: 'Organization' },
          app_id: Number(appId),
          target_type: 'Organization',
          permissions: { organization_personal_access_tokens: 'read', administration: 'read' },
        });
        return;
      }
      if (makeToken && request.method === 'POST' && Number(makeToken[1]) === INSTALLATION_ID) {
        const made = `ghs_${randomBytes(18).toString('hex')}`;
        installationTokens.add(made);
        send(response, 201, {
          token: made,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          permissions: { organization_personal_access_tokens: 'read' },
          repository_selection: 'all',
        });
        return;
      }
      githubError(response, 404, 'Not Found');
      return;
    }

    if (credential !== token && !installationTokens.has(credential)) {
      githubError(response, 401, 'Bad credentials');
      return;
    }
    if (request.method !== 'GET') {
      githubError(response, 404, 'Not Found');
      return;
    }
    const orgList =
      /^\/orgs\/([\w-]+)\/(personal-access-tokens|personal-access-token-requests|repos)$/.exec(
        path,
      );
    if (orgList) {
      const organization = organizations.get(orgList[1]!);
      if (!organization) {
        githubError(response, 404, 'Not Found');
        return;
      }
      if (orgList[2] === 'personal-access-tokens') {
        page(
          response,
          url,
          (organization.tokens ?? []).map((grant) => grantJson(grant, false)),
        );
      } else if (orgList[2] === 'personal-access-token-requests') {
        page(
          response,
          url,
          (organization.requests ?? []).map((grant) => grantJson(grant, true)),
        );
      } else {
        page(
          response,
          url,
          Object.keys(organization.repositories ?? {}).map((name, index) => ({
            id: index + 1,
            name,
            full_name: `${orgList[1]}/${name}`,
            private: true,
            archived: false,
          })),
        );
      }
      return;
    }
    const keys = /^\/repos\/([\w-]+)\/([\w.-]+)\/keys$/.exec(path);
    const repository = keys ? organizations.get(keys[1]!)?.repositories?.[keys[2]!] : undefined;
    if (keys && repository) {
      page(
        response,
        url,
        repository.map((key) => ({
          id: key.id,
          key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIStandInKey',
          url: `${apiUrl}/repos/${keys[1]}/${keys[2]}/keys/${key.id}`,
          title: key.title,
          verified: true,
          created_at: key.created_at,
          read_only: key.read_only ?? true,
          added_by: 'octocat',
          last_used: null,
          enabled: true,
        })),
      );
      return;
    }
    githubError(response, 404, 'Not Found');
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => githubError(response, 400, 'Problems parsing JSON'));
  });
  apiUrl = `http://127.0.0.1:${await listenOnLoopback(server, options.port)}`;
  return {
    apiUrl,
    token,
    appId,
    appPrivateKey,
    requests,
    setOrganization: (login, organization) => {
      organizations.set(login, organization);
    },
    fail: (failure) => failures.add(failure),
    stop: () => closeServer(server),
  };
}
