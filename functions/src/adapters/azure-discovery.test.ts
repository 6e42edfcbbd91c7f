import type {
  AzureCredentials,
  AzureSettings,
} from '@expiry-radar/shared/api/integration-api-schemas';
import { makeSelfSignedCertificate } from '../../test-support/certificates';
import { startAzureStandIn, type AzureStandIn } from '../local/emulators/azure-stand-in';
import { azureDiscovery } from './azure-discovery';

const LOOPBACK = { httpsOnly: false, allowLoopback: true };
const sleeps: number[] = [];
let standIn: AzureStandIn;

const discover = (
  settings: Partial<AzureSettings>,
  secret = standIn.clientSecret,
  credentials: AzureCredentials = { client_id: standIn.clientId, client_secret: secret },
) =>
  azureDiscovery({
    policy: LOOPBACK,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  })({
    settings: {
      tenant_id: standIn.tenantId,
      authority_host: standIn.url,
      graph_url: standIn.url,
      management_url: standIn.url,
      vault_urls: [],
      subscription_ids: [],
      app_registrations: true,
      ...settings,
    },
    credentials,
  });

const SUBSCRIPTION = '9f3c1a2b-0000-4000-8000-00000000abcd';
const at = (day: string) => `${day}T10:00:00Z`;

beforeAll(async () => {
  standIn = await startAzureStandIn();
  standIn.setState({
    // 120 app registrations: two pages of 100, followed by @odata.nextLink.
    applications: Array.from({ length: 120 }, (_, i) => ({
      appId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      displayName: `app-${i}`,
      passwordCredentials: [{ keyId: `k-${i}`, displayName: 'ci', endDateTime: at('2027-01-10') }],
      keyCredentials:
        i === 0 ? [{ keyId: 'c-0', displayName: 'CN=app-0', endDateTime: at('2027-06-01') }] : [],
    })),
    vaults: {
      // 30 secrets: two pages of 25, followed by nextLink.
      alpha: {
        secrets: [
          ...Array.from({ length: 29 }, (_, i) => ({ name: `s${i}`, expires: at('2027-02-01') })),
          { name: 'tls', expires: at('2027-03-01'), managed: true },
          { name: 'forever', expires: null },
        ],
        certificates: [{ name: 'tls', expires: at('2027-03-01') }],
        keys: [{ name: 'sign', expires: at('2027-04-01'), enabled: false }],
      },
      beta: { secrets: [{ name: 'db', expires: at('2027-05-01') }] },
      gamma: { keys: [{ name: 'k', expires: at('2027-05-02') }] },
    },
    subscriptions: { [SUBSCRIPTION]: ['beta', 'gamma'] },
  });
});
afterAll(() => standIn.stop());

describe('azureDiscovery', () => {
  it('reads Key Vault certificates, secrets and keys (given and listed from a subscription) and app registrations, paged', async () => {
    const found = await discover({
      vault_urls: [standIn.vaultUrl('alpha')],
      subscription_ids: [SUBSCRIPTION],
    });
    expect(found.errors).toEqual([]);
    const ids = found.tokens.map((token) => token.externalId);
    expect(ids.filter((id) => id.startsWith('app:') && id.includes(':secret:'))).toHaveLength(120);
    const host = new URL(standIn.url).host;
    expect(ids.filter((id) => id.startsWith(`kv:${host}/vaults/alpha:secrets:`))).toHaveLength(29);
    expect(found.tokens.find((t) => t.externalId === `kv:${host}/vaults/alpha:keys:sign`)).toEqual({
      externalId: `kv:${host}/vaults/alpha:keys:sign`,
      name: 'Azure Key Vault key: sign (alpha)',
      type: 'encryption_key',
      expiresAt: '2027-04-01',
      fields: {
        issuer: 'Azure Key Vault',
        location: standIn.vaultUrl('alpha'),
        description: 'Disabled in Key Vault.',
      },
    });
    expect(found.tokens.find((t) => t.externalId.endsWith('alpha:certificates:tls'))?.type).toBe(
      'tls_cert',
    );
    expect(ids.some((id) => id.endsWith(':secrets:tls') || id.endsWith(':forever'))).toBe(false);
    expect(ids).toEqual(
      expect.arrayContaining([
        `kv:${host}/vaults/beta:secrets:db`,
        `kv:${host}/vaults/gamma:keys:k`,
      ]),
    );
    expect(
      found.tokens.find(
        (t) => t.externalId === 'app:00000000-0000-4000-8000-000000000000:certificate:c-0',
      ),
    ).toMatchObject({
      name: 'Entra ID app app-0 certificate: CN=app-0',
      type: 'client_cert',
      expiresAt: '2027-06-01',
    });
  });

  it('refuses wrong credentials or an unknown tenant as a whole: nothing read, nothing to mark removed', async () => {
    expect(await discover({ vault_urls: [standIn.vaultUrl('alpha')] }, 'wrong')).toEqual({
      tokens: [],
      errors: [
        'Microsoft Entra ID refused the credentials (401): AADSTS7000215: Invalid client secret provided.: check the tenant id, client id and client secret',
      ],
      unreadPrefixes: [''],
      retryable: false,
    });
    const tenant = await discover({ tenant_id: 'other.onmicrosoft.com' });
    expect(tenant.unreadPrefixes).toEqual(['']);
    expect(tenant.errors[0]).toContain("AADSTS90002: Tenant 'other.onmicrosoft.com' not found.");
  });

  it("signs in with the app registration's certificate (a client assertion the login verifies) and refuses one not registered", async () => {
    const withCertificate = await discover({ vault_urls: [standIn.vaultUrl('beta')] }, '', {
      client_id: standIn.clientId,
      certificate: standIn.certificatePem(),
    });
    expect(withCertificate.errors).toEqual([]);
    expect(withCertificate.tokens.map((token) => token.name)).toContain(
      'Azure Key Vault secret: db (beta)',
    );

    const other = makeSelfSignedCertificate({ commonName: 'not-registered', key: 'rsa:2048' });
    const refused = await discover({ app_registrations: true }, '', {
      client_id: standIn.clientId,
      certificate: `${other.pem}\n${other.keyPem}`,
    });
    expect(refused).toMatchObject({
      tokens: [],
      errors: [
        "Microsoft Entra ID refused the credentials (401): AADSTS700027: The certificate with identifier used to sign the client assertion is not registered on application.: check the tenant id, client id and that the certificate is one of the app registration's",
      ],
      unreadPrefixes: [''],
    });
  });

  it('403 on one vault of three: the others sync and the error names it; 429 with Retry-After then 200 is read completely; a 5xx names its part', async () => {
    sleeps.length = 0;
    standIn.fail({ path: '/vaults/beta/secrets', status: 403 });
    standIn.fail({ path: '/vaults/alpha/secrets', status: 429, retry_after: 1 });
    standIn.fail({ path: '/v1.0/applications', status: 503, retry_after: 0, times: 4 });
    const found = await discover({
      vault_urls: ['alpha', 'beta', 'gamma'].map((name) => standIn.vaultUrl(name)),
    });
    const host = new URL(standIn.url).host;
    expect(found.errors).toEqual([
      'Entra ID app registrations (Microsoft Graph): Azure answered 503: The request was throttled or the service is unavailable.',
      'Key Vault beta (secrets): Azure answered 403: The user, group or application does not have list permission on this resource.',
    ]);
    expect(found.unreadPrefixes).toEqual(['app:', `kv:${host}/vaults/beta:`]);
    expect(found.retryable).toBe(true);
    const ids = found.tokens.map((token) => token.externalId);
    expect(ids.filter((id) => id.startsWith(`kv:${host}/vaults/alpha:secrets:`))).toHaveLength(29);
    expect(ids).toContain(`kv:${host}/vaults/gamma:keys:k`);
    expect(ids.some((id) => id.includes('/vaults/beta:'))).toBe(false);
    expect(sleeps).toEqual([50, 50, 50, 1_000]);
  });
});
