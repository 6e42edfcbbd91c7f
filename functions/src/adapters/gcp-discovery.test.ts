import type { GcpSettings } from '@expiry-radar/shared/api/integration-api-schemas';
import { startGcpStandIn, type GcpStandIn } from '../local/emulators/gcp-stand-in';
import type { DiscoveryProgress } from '../domain/discovery';
import { gcpDiscovery } from './gcp-discovery';

const LOOPBACK = { httpsOnly: false, allowLoopback: true };
const sleeps: number[] = [];
let standIn: GcpStandIn;

const discover = (
  settings: Partial<GcpSettings>,
  key = standIn.serviceAccountKey,
  progress?: DiscoveryProgress,
) =>
  gcpDiscovery({
    policy: LOOPBACK,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  })({
    settings: {
      project_ids: ['alpha-project'],
      token_url: standIn.tokenUrl,
      secret_manager_url: standIn.url,
      iam_url: standIn.url,
      sign_in: 'service_account_key',
      sts_url: standIn.url,
      iam_credentials_url: standIn.url,
      ...settings,
    },
    credentials: { service_account_key: key },
    progress,
  });

const SA = 'deployer@alpha-project.iam.gserviceaccount.com';

beforeAll(async () => {
  standIn = await startGcpStandIn();
  standIn.setState({
    projects: {
      'alpha-project': {
        // 30 secrets: the stand-in answers 20 a page, followed by nextPageToken.
        secrets: [
          ...Array.from({ length: 28 }, (_, i) => ({
            id: `s${i}`,
            expireTime: '2027-02-01T00:00:00Z',
          })),
          {
            id: 'rotated',
            expireTime: '2027-09-01T00:00:00Z',
            nextRotationTime: '2027-03-01T00:00:00Z',
          },
          { id: 'forever' },
        ],
        serviceAccounts: {
          [SA]: [
            { id: 'key1aaaaaaaa', validBeforeTime: '2027-04-01T00:00:00Z' },
            { id: 'key2bbbbbbbb', validBeforeTime: '9999-12-31T23:59:59Z' },
            {
              id: 'key3cccccccc',
              validBeforeTime: '2027-04-02T00:00:00Z',
              keyType: 'SYSTEM_MANAGED',
            },
          ],
        },
      },
      'beta-project': { secrets: [{ id: 'b', expireTime: '2027-05-01T00:00:00Z' }] },
    },
  });
});
afterAll(() => standIn.stop());

describe('gcpDiscovery', () => {
  it('reads Secret Manager expiries and rotations and user-managed service account keys, paged', async () => {
    const found = await discover({});
    expect(found.errors).toEqual([]);
    const ids = found.tokens.map((token) => token.externalId);
    expect(ids.filter((id) => id.startsWith('gcp:alpha-project:secret:'))).toHaveLength(29);
    expect(
      found.tokens.find((t) => t.externalId === 'gcp:alpha-project:secret:rotated'),
    ).toMatchObject({
      name: 'Google Cloud secret: rotated (alpha-project)',
      type: 'secret',
      expiresAt: '2027-03-01',
    });
    expect(ids.filter((id) => id.startsWith('gcp:alpha-project:key:'))).toEqual([
      `gcp:alpha-project:key:${SA}:key1aaaaaaaa`,
    ]);
    expect(found.tokens.find((t) => t.externalId.endsWith(':key1aaaaaaaa'))).toMatchObject({
      expiresAt: '2027-04-01',
      fields: { used_by: 'deployer' },
    });
  });

  it('refuses a key Google does not take as a whole: nothing read, nothing to mark removed', async () => {
    const other = JSON.parse(standIn.serviceAccountKey) as Record<string, string>;
    const { generateKeyPairSync } = await import('node:crypto');
    other.private_key = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(await discover({}, JSON.stringify(other))).toEqual({
      tokens: [],
      errors: [
        'Google refused the service account key (400): Invalid JWT Signature.: check the key is current and not disabled',
      ],
      unreadPrefixes: [''],
      retryable: false,
    });
  });

  it('403 on one project of three: the others sync and the error names it; 429 with Retry-After then 200 is read completely; a 5xx names its part', async () => {
    sleeps.length = 0;
    standIn.fail({ path: '/v1/projects/alpha-project/secrets', status: 429, retry_after: 1 });
    standIn.fail({ path: '/v1/projects/beta-project/serviceAccounts', status: 500 });
    const found = await discover({
      project_ids: ['alpha-project', 'gamma-project', 'beta-project'],
    });
    expect(found.errors).toEqual([
      'Secret Manager secrets of gamma-project: Google Cloud answered 403: Permission denied on resource project gamma-project.',
      'Service account keys of gamma-project: Google Cloud answered 403: Permission denied on resource project gamma-project.',
      'Service account keys of beta-project: Google Cloud answered 500: The service is currently unavailable.',
    ]);
    expect(found.unreadPrefixes).toEqual([
      'gcp:gamma-project:secret:',
      'gcp:gamma-project:key:',
      'gcp:beta-project:key:',
    ]);
    // The 500 may mend: the scheduled sync is tried again later.
    expect(found.retryable).toBe(true);
    const ids = found.tokens.map((token) => token.externalId);
    expect(ids.filter((id) => id.startsWith('gcp:alpha-project:secret:'))).toHaveLength(29);
    expect(ids).toContain('gcp:beta-project:secret:b');
    expect(sleeps).toEqual([1_000]);
  });
});

describe('gcpDiscovery in parts (the scheduled worker)', () => {
  it("reads a project's secrets and its keys as two parts, skipping those an earlier message read", async () => {
    const read = (done: string[]) =>
      discover({}, standIn.serviceAccountKey, { done, timeIsUp: () => true });
    const first = await read([]);
    expect(first).toMatchObject({ readParts: ['gcp:alpha-project:secret:'], stoppedEarly: true });
    const last = await read(['gcp:alpha-project:secret:']);
    expect(last).toMatchObject({ readParts: ['gcp:alpha-project:key:'], stoppedEarly: false });
    expect(last.tokens.length).toBeGreaterThan(0);
    expect(
      last.tokens.every((token) => token.externalId.startsWith('gcp:alpha-project:key:')),
    ).toBe(true);
  });
});
