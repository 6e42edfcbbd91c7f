import type {
  GithubCredentials,
  GithubSettings,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { startGithubStandIn, type GithubStandIn } from '../local/emulators/github-stand-in';
import type { DiscoveryProgress } from '../domain/discovery';
import { githubDiscovery } from './github-discovery';

const LOOPBACK = { httpsOnly: false, allowLoopback: true };
const sleeps: number[] = [];
const discover = (
  settings: Partial<GithubSettings>,
  credentials: GithubCredentials,
  progress?: DiscoveryProgress,
) =>
  githubDiscovery({
    policy: LOOPBACK,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  })({
    settings: {
      api_url: standIn.apiUrl,
      organization: 'acme',
      repositories: [],
      deploy_key_max_age_days: 90,
      ...settings,
    },
    credentials,
    progress,
  });

let standIn: GithubStandIn;

beforeAll(async () => {
  standIn = await startGithubStandIn();
  standIn.setOrganization('acme', {
    // 150 grants: two pages of 100, followed by the Link header.
    tokens: [
      ...Array.from({ length: 149 }, (_, i) => ({
        id: i + 1,
        owner: `user${i}`,
        token_name: `token ${i}`,
        token_expires_at: '2027-01-15T00:00:00Z',
      })),
      { id: 500, owner: 'mona', token_name: 'forever', token_expires_at: null },
    ],
    requests: [
      {
        id: 9,
        owner: 'octocat',
        token_name: 'export',
        token_expires_at: '2027-02-01T12:00:00Z',
        reason: 'Nightly export',
      },
    ],
    repositories: {
      api: [{ id: 71, title: 'ci', created_at: '2026-10-01T08:00:00Z', read_only: false }],
      web: [{ id: 72, title: 'docs', created_at: '2026-11-20T08:00:00Z' }],
      ops: [{ id: 73, title: 'ops', created_at: '2026-11-20T08:00:00Z' }],
    },
  });
});

afterAll(() => standIn.stop());

describe('githubDiscovery', () => {
  it('reads fine-grained tokens (paged), pending requests and deploy keys judged by age, with a token', async () => {
    const found = await discover({}, { token: standIn.token });
    expect(found.errors).toEqual([]);
    expect(found.tokens.filter((t) => t.externalId.startsWith('pat:'))).toHaveLength(149);
    expect(found.tokens.find((t) => t.externalId === 'pat:1')).toEqual({
      externalId: 'pat:1',
      name: 'GitHub fine-grained token: token 0 (user0)',
      type: 'api_key',
      expiresAt: '2027-01-15',
      fields: {
        issuer: 'GitHub',
        location: `${new URL(standIn.apiUrl).host}/acme`,
        used_by: 'user0',
        description: 'Repository access: subset',
      },
    });
    expect(found.tokens.find((t) => t.externalId === 'pat-request:9')).toMatchObject({
      name: 'GitHub fine-grained token request (pending): export (octocat)',
      expiresAt: '2027-02-01',
      fields: { description: 'Requested: Nightly export' },
    });
    expect(found.tokens.find((t) => t.externalId === 'repo:api:deploy_key:71')).toMatchObject({
      name: 'GitHub deploy key: ci (api)',
      type: 'ssh_key',
      expiresAt: '2026-12-30',
    });
    expect(found.tokens.some((t) => t.externalId === 'pat:500')).toBe(false);
  });

  it('signs in as a GitHub App: JWT, the installation, an installation token', async () => {
    const found = await discover(
      { repositories: ['web'], deploy_key_max_age_days: 30 },
      { app_id: standIn.appId, private_key: standIn.appPrivateKey },
    );
    expect(found.errors).toEqual([]);
    expect(found.tokens.find((t) => t.externalId === 'repo:web:deploy_key:72')?.expiresAt).toBe(
      '2026-12-20',
    );
    expect(standIn.requests).toEqual(
      expect.arrayContaining([
        'GET /orgs/acme/installation',
        'POST /app/installations/4242/access_tokens',
      ]),
    );
  });

  it('refuses wrong credentials as a whole: nothing read, nothing to mark removed', async () => {
    expect(await discover({}, { token: 'github_pat_wrong' })).toEqual({
      tokens: [],
      errors: [
        "GitHub refused the credentials (401): Bad credentials: check the token or the App's id and private key",
      ],
      unreadPrefixes: [''],
      retryable: false,
    });
    const { privateKey } = await import('node:crypto').then(({ generateKeyPairSync }) =>
      generateKeyPairSync('rsa', { modulusLength: 1024 }),
    );
    const otherKey = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const asOtherApp = await discover({}, { app_id: standIn.appId, private_key: otherKey });
    expect(asOtherApp.unreadPrefixes).toEqual(['']);
    expect(asOtherApp.errors[0]).toContain('GitHub refused the credentials (401)');
    const notPem = await discover({}, { app_id: '1', private_key: 'not a key' });
    expect(notPem.errors).toEqual([
      "The GitHub App's private key could not be read: paste the whole PEM file GitHub gave",
    ]);
  });

  it('403 on one repository of three: the others are read and the error names it; 429 with Retry-After then 200 is read completely; a 5xx names its list', async () => {
    sleeps.length = 0;
    standIn.fail({ path: '/repos/acme/web/keys', status: 403 });
    standIn.fail({ path: '/orgs/acme/personal-access-tokens', status: 429, retry_after: 2 });
    standIn.fail({ path: '/orgs/acme/personal-access-token-requests', status: 502 });
    const found = await discover({ repositories: ['api', 'web', 'ops'] }, { token: standIn.token });
    expect(found.errors).toEqual([
      'Pending token requests of acme: GitHub answered 502: Resource not accessible by integration',
      'Deploy keys of acme/web: GitHub answered 403: Resource not accessible by integration',
    ]);
    expect(found.unreadPrefixes).toEqual(['pat-request:', 'repo:web:']);
    expect(found.tokens.filter((t) => t.externalId.startsWith('pat:'))).toHaveLength(149);
    expect(found.tokens.map((t) => t.externalId).filter((id) => id.startsWith('repo:'))).toEqual([
      'repo:api:deploy_key:71',
      'repo:ops:deploy_key:73',
    ]);
    expect(sleeps).toEqual([2_000]);

    // A rate limit that would outlast a sync is an error for that list only.
    standIn.fail({ path: '/repos/acme/ops/keys', status: 403, retry_after: 3_600, times: 4 });
    const limited = await discover({ repositories: ['ops'] }, { token: standIn.token });
    expect(limited.errors).toEqual([
      "Deploy keys of acme/ops: GitHub's rate limit is spent (403); the next sync reads it",
    ]);
  });
});

describe('githubDiscovery in parts (the scheduled worker)', () => {
  it('skips the parts an earlier message read and stops after the first once time is up', async () => {
    const settings = { repositories: ['api', 'web', 'ops'] };
    const credentials = { token: standIn.token };
    const read = (done: string[]) =>
      discover(settings, credentials, { done, timeIsUp: () => true });
    expect(await read([])).toMatchObject({ readParts: ['pat:'], stoppedEarly: true });
    const last = await read(['pat:', 'pat-request:', 'repo:api:', 'repo:web:']);
    expect(last).toMatchObject({ readParts: ['repo:ops:'], stoppedEarly: false });
    expect(last.tokens.every((token) => token.externalId.startsWith('repo:ops:'))).toBe(true);
  });
});
