import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gitlabDiscovery } from './gitlab-discovery';

const TOKEN = 'glpat-stand-in-token';
const LOOPBACK = { httpsOnly: false, allowLoopback: true };

/** GitLab's token shapes, as its REST API documents them. */
const accessToken = (id: number, name: string, expires_at: string | null, extra = {}) => ({
  id,
  name,
  revoked: false,
  created_at: '2026-01-01T00:00:00.000Z',
  scopes: ['read_api'],
  user_id: 7,
  last_used_at: null,
  active: true,
  expires_at,
  ...extra,
});

interface StandIn {
  readonly baseUrl: string;
  readonly requests: string[];
  readonly stop: () => Promise<void>;
}

/** A GitLab stand-in: paging by X-Next-Page and by Link, a 429 once, a 404, 401 for other tokens. */
async function startGitlabStandIn(): Promise<StandIn> {
  const requests: string[] = [];
  let rateLimited = false;
  const answer = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    if (request.headers['private-token'] !== TOKEN) {
      answer(response, 401, { message: '401 Unauthorized' });
      return;
    }
    const page = url.searchParams.get('page') ?? '1';
    switch (url.pathname) {
      case '/api/v4/personal_access_tokens':
        if (page === '1') {
          answer(
            response,
            200,
            [
              accessToken(1, 'ci', '2027-03-01'),
              accessToken(2, 'old', '2026-02-01', { revoked: true, active: false }),
            ],
            { 'x-next-page': '2', 'x-page': '1' },
          );
        } else {
          answer(
            response,
            200,
            [accessToken(3, 'forever', null), accessToken(4, 'bot', '2027-05-01')],
            {
              'x-next-page': '',
              'x-page': '2',
            },
          );
        }
        return;
      case '/api/v4/projects/ops%2Finfra/access_tokens':
      case '/api/v4/projects/ops/infra/access_tokens':
        if (page === '1') {
          const next = `http://${request.headers.host}/api/v4/projects/ops%2Finfra/access_tokens?page=2&per_page=100`;
          answer(response, 200, [accessToken(11, 'project-ci', '2027-01-10')], {
            link: `<${next}>; rel="next", <${next}>; rel="last"`,
          });
        } else {
          answer(response, 200, [accessToken(12, 'project-release', '2027-01-20')]);
        }
        return;
      case '/api/v4/projects/ops%2Finfra/deploy_tokens':
      case '/api/v4/projects/ops/infra/deploy_tokens':
        answer(response, 200, [
          {
            id: 21,
            name: 'registry',
            username: 'gitlab+deploy-token-21',
            expires_at: '2027-02-02T00:00:00.000Z',
            revoked: false,
            expired: false,
            scopes: ['read_registry'],
          },
        ]);
        return;
      case '/api/v4/groups/9/access_tokens':
        if (!rateLimited) {
          rateLimited = true;
          answer(response, 429, { message: 'Retry later' }, { 'retry-after': '2' });
          return;
        }
        answer(response, 200, [accessToken(31, 'group-bot', '2027-04-04')]);
        return;
      default:
        answer(response, 404, { message: '404 Project Not Found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('gitlabDiscovery against a GitLab stand-in', () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startGitlabStandIn();
  });
  afterEach(() => standIn.stop());

  it('follows X-Next-Page and Link, waits out a 429, reads projects, deploy tokens and groups', async () => {
    const waits: number[] = [];
    const discover = gitlabDiscovery({
      policy: LOOPBACK,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    const result = await discover({
      settings: { base_url: standIn.baseUrl, project_ids: ['ops/infra'], group_ids: ['9'] },
      credentials: { token: TOKEN },
    });
    expect(result.errors).toEqual([]);
    expect(result.unreadPrefixes).toEqual([]);
    expect(result.tokens.map((token) => [token.externalId, token.name, token.expiresAt])).toEqual([
      ['pat:1', 'GitLab personal access token: ci', '2027-03-01'],
      ['pat:4', 'GitLab personal access token: bot', '2027-05-01'],
      [
        'project:ops/infra:access_token:11',
        'GitLab project ops/infra access token: project-ci',
        '2027-01-10',
      ],
      [
        'project:ops/infra:access_token:12',
        'GitLab project ops/infra access token: project-release',
        '2027-01-20',
      ],
      [
        'project:ops/infra:deploy_token:21',
        'GitLab project ops/infra deploy token: registry',
        '2027-02-02',
      ],
      ['group:9:access_token:31', 'GitLab group 9 access token: group-bot', '2027-04-04'],
    ]);
    expect(result.tokens[0]).toMatchObject({
      type: 'api_key',
      fields: { issuer: 'GitLab', description: 'Scopes: read_api' },
    });
    // Retry-After: 2 waited once, then the same request again.
    expect(waits).toEqual([2000]);
    expect(standIn.requests.filter((path) => path.startsWith('/api/v4/groups/9'))).toHaveLength(2);
    expect(standIn.requests).toContain('/api/v4/personal_access_tokens?per_page=100&page=2');
  });

  it('reports a project it cannot read and keeps its tokens from being marked removed', async () => {
    const result = await gitlabDiscovery({ policy: LOOPBACK })({
      settings: { base_url: standIn.baseUrl, project_ids: ['404'], group_ids: [] },
      credentials: { token: TOKEN },
    });
    expect(result.tokens.map((token) => token.externalId)).toEqual(['pat:1', 'pat:4']);
    expect(result.errors).toEqual([
      '/projects/404/access_tokens: GitLab answered 404',
      '/projects/404/deploy_tokens: GitLab answered 404',
    ]);
    expect(result.unreadPrefixes).toEqual([
      'project:404:access_token:',
      'project:404:deploy_token:',
    ]);
  });

  it('stops at a 401: nothing read, nothing to be marked removed, and the token never echoed', async () => {
    const result = await gitlabDiscovery({ policy: LOOPBACK })({
      settings: { base_url: standIn.baseUrl, project_ids: ['ops/infra'], group_ids: [] },
      credentials: { token: 'glpat-wrong' },
    });
    expect(result).toEqual({
      tokens: [],
      errors: ['GitLab refused the token (401): check it is valid and not expired'],
      unreadPrefixes: [''],
    });
    expect(standIn.requests).toHaveLength(1);
  });

  it('goes through the SSRF guard: loopback refused unless allowed', async () => {
    const result = await gitlabDiscovery({ policy: { httpsOnly: false, allowLoopback: false } })({
      settings: { base_url: standIn.baseUrl, project_ids: [], group_ids: [] },
      credentials: { token: TOKEN },
    });
    expect(result.tokens).toEqual([]);
    expect(result.errors).toEqual([
      `/personal_access_tokens: ${new URL(standIn.baseUrl).host} is a private, local or reserved network address`,
    ]);
    expect(standIn.requests).toEqual([]);
  });

  it('names each list an unreachable instance could not give', async () => {
    const unreachable = standIn.baseUrl;
    await standIn.stop();
    standIn = await startGitlabStandIn();
    const result = await gitlabDiscovery({ policy: LOOPBACK })({
      settings: { base_url: unreachable, project_ids: ['ops/infra'], group_ids: ['9'] },
      credentials: { token: TOKEN },
    });
    expect(result.tokens).toEqual([]);
    expect(result.errors.map((error) => error.split(': ')[0])).toEqual([
      '/personal_access_tokens',
      '/projects/ops%2Finfra/access_tokens',
      '/projects/ops%2Finfra/deploy_tokens',
      '/groups/9/access_tokens',
    ]);
    expect(result.unreadPrefixes).toEqual([
      'pat:',
      'project:ops/infra:access_token:',
      'project:ops/infra:deploy_token:',
      'group:9:access_token:',
    ]);
  });
});
