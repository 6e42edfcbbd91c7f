import { X509Certificate } from 'node:crypto';
import { makeSelfSignedCertificate } from '../../test-support/certificates';
import { startVaultStandIn, type VaultStandIn } from '../../test-support/vault-stand-in';
import { expiryDateOf, vaultDiscovery } from './vault-discovery';

const LOOPBACK = { httpsOnly: false, allowLoopback: true };
const NAMESPACE = 'team-a';

const appCertificate = makeSelfSignedCertificate({
  commonName: 'app.example.com',
  organization: 'Acme',
  altNames: 'DNS:app.example.com,DNS:www.example.com',
  days: 90,
});
const revokedCertificate = makeSelfSignedCertificate({ commonName: 'old.example.com', days: 90 });
const clientCertificate = makeSelfSignedCertificate({
  commonName: 'worker',
  extendedKeyUsage: 'clientAuth',
  days: 30,
});
const expiryOf = (pem: string) =>
  new Date(new X509Certificate(pem).validTo).toISOString().slice(0, 10);

function givenSource(standIn: VaultStandIn): void {
  standIn.setTokenExpiry('2027-05-19T11:35:54.466476215-04:00');
  standIn.setCertificates('pki', [
    { serial: '1a:2b:3c', pem: appCertificate.pem },
    { serial: '4d:5e:6f', pem: revokedCertificate.pem, revoked: true },
    { serial: '7a:8b:9c', pem: clientCertificate.pem },
  ]);
  standIn.setCertificates('pki-broken', [{ serial: '01', pem: appCertificate.pem }]);
  standIn.setSecrets('secret', {
    'db-password': { expires_at: '2027-01-31', owner: 'dba' },
    'no-expiry': { owner: 'nobody' },
    'no-metadata': null,
    'app/api-key': { expiry: '2027-02-28T23:30:00-02:00' },
    'app/nested/deep': { expires: '2027-03-15T08:00:00Z' },
    'app/bad-date': { expires_at: 'next tuesday' },
  });
  standIn.setSecrets('locked', { x: { expires_at: '2027-01-01' } });
  standIn.deny('/v1/locked/');
}

const settings = (standIn: VaultStandIn) => ({
  address: standIn.address,
  namespace: NAMESPACE,
  pki_mounts: ['pki', '/pki-broken/'],
  kv_mounts: ['secret', 'locked'],
});

describe('vaultDiscovery against a Vault stand-in', () => {
  let standIn: VaultStandIn;
  beforeEach(async () => {
    standIn = await startVaultStandIn({ namespace: NAMESPACE });
  });
  afterEach(() => standIn.stop());

  it('reads certificates, KV secrets with an expiry and the token, paging and recursing; a failing mount is reported and the others read', async () => {
    givenSource(standIn);
    // The KV root LIST is rate limited once, then answers; the broken PKI mount never recovers.
    standIn.failNext('/v1/secret/metadata/', 429);
    standIn.failNext('/v1/pki-broken/', 503, 503, 503);
    const waits: number[] = [];
    const result = await vaultDiscovery({
      policy: LOOPBACK,
      pageSize: 2,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    })({ settings: settings(standIn), credentials: { token: standIn.token } });

    expect(
      result.tokens.map((token) => [token.externalId, token.name, token.type, token.expiresAt]),
    ).toEqual([
      ['token:stored-token-accessor', 'Vault token: token-expiry-radar', 'api_key', '2027-05-19'],
      ['pki:pki:1a:2b:3c', 'app.example.com', 'ssl_cert', expiryOf(appCertificate.pem)],
      ['pki:pki:7a:8b:9c', 'worker', 'client_cert', expiryOf(clientCertificate.pem)],
      ['kv:secret:app/api-key', 'app/api-key', 'secret', '2027-03-01'],
      ['kv:secret:app/nested/deep', 'app/nested/deep', 'secret', '2027-03-15'],
      ['kv:secret:db-password', 'db-password', 'secret', '2027-01-31'],
    ]);
    expect(result.tokens[1]).toMatchObject({
      fields: {
        domains: ['app.example.com', 'www.example.com'],
        issuer: 'Acme',
        subject: 'CN=app.example.com, O=Acme',
        location: `${new URL(standIn.address).host}/pki`,
      },
    });
    expect(result.errors).toEqual([
      'pki-broken/certs: Vault kept answering 503: upstream error',
      'secret/app/bad-date: custom metadata expires_at is not an ISO date or date-time',
      'locked/metadata/: Vault refused the token (403: permission denied): check its policy allows reading this path',
    ]);
    expect(result.unreadPrefixes).toEqual([
      'pki:pki-broken:',
      'kv:secret:app/bad-date',
      'kv:locked:',
    ]);
    // Two retries of the 503 with backoff, one of the 429.
    expect(waits).toEqual([500, 1000, 500]);
    // Paged by 2: the PKI list took two pages (3 serials), the KV root two (4 entries).
    expect(standIn.requests.map((request) => request.url)).toEqual(
      expect.arrayContaining([
        '/v1/pki/certs?list=true&limit=2',
        '/v1/pki/certs?list=true&limit=2&after=4d%3A5e%3A6f',
        '/v1/secret/metadata/app/nested/?list=true&limit=2',
      ]),
    );
    // Every request in the namespace, with the stored token.
    expect(new Set(standIn.requests.map((request) => request.namespace))).toEqual(
      new Set([NAMESPACE]),
    );
    expect(new Set(standIn.requests.map((request) => request.token))).toEqual(
      new Set([standIn.token]),
    );
  });

  it('logs in with AppRole and reads with the token it gives, leaving that short-lived token out', async () => {
    givenSource(standIn);
    const result = await vaultDiscovery({ policy: LOOPBACK })({
      settings: { ...settings(standIn), pki_mounts: ['pki'], kv_mounts: [] },
      credentials: { role_id: standIn.roleId, secret_id: standIn.secretId },
    });
    expect(result.errors).toEqual([]);
    expect(result.tokens.map((token) => token.externalId)).toEqual([
      'pki:pki:1a:2b:3c',
      'pki:pki:7a:8b:9c',
    ]);
    expect(standIn.requests[0]).toMatchObject({
      method: 'POST',
      url: '/v1/auth/approle/login',
      token: undefined,
      namespace: NAMESPACE,
    });
    expect(standIn.requests.slice(1).every((r) => r.token === standIn.loginToken)).toBe(true);
  });

  it('stops when Vault refuses the token or the AppRole login: nothing read, nothing to mark removed', async () => {
    givenSource(standIn);
    const discover = vaultDiscovery({ policy: LOOPBACK });
    expect(
      await discover({ settings: settings(standIn), credentials: { token: 'hvs.wrong' } }),
    ).toEqual({
      tokens: [],
      errors: [
        'Vault refused the token (403): check it is valid, not expired and allowed to look itself up',
      ],
      unreadPrefixes: [''],
    });
    expect(standIn.requests).toHaveLength(1);
    expect(
      await discover({
        settings: settings(standIn),
        credentials: { role_id: standIn.roleId, secret_id: 'wrong' },
      }),
    ).toEqual({
      tokens: [],
      errors: ['Vault refused the AppRole login (400): check the role id and secret id'],
      unreadPrefixes: [''],
    });
    expect(standIn.requests).toHaveLength(2);
  });

  it('leaves out a token that never expires, and sends no namespace when none is set', async () => {
    const plain = await startVaultStandIn();
    try {
      plain.setTokenExpiry(null);
      const result = await vaultDiscovery({ policy: LOOPBACK })({
        settings: { address: plain.address, namespace: null, pki_mounts: [], kv_mounts: [] },
        credentials: { token: plain.token },
      });
      expect(result).toEqual({ tokens: [], errors: [], unreadPrefixes: [] });
      expect(plain.requests.map((r) => [r.url, r.namespace])).toEqual([
        ['/v1/auth/token/lookup-self', undefined],
      ]);
    } finally {
      await plain.stop();
    }
  });

  it('cuts a long secret path to the name a token holds, keeping the whole path in its id', async () => {
    const path = `${'a-rather-long-folder/'.repeat(6)}certificate-password`;
    standIn.setSecrets('secret', { [path]: { expires_at: '2027-06-30' } });
    const result = await vaultDiscovery({ policy: LOOPBACK })({
      settings: { ...settings(standIn), pki_mounts: [], kv_mounts: ['secret'] },
      credentials: { token: standIn.token },
    });
    expect(result.errors).toEqual([]);
    expect(result.tokens.map((token) => [token.externalId, token.name.length])).toEqual([
      [`kv:secret:${path}`, 100],
    ]);
  });

  it('goes through the SSRF guard: loopback refused unless allowed', async () => {
    const result = await vaultDiscovery({ policy: { httpsOnly: false, allowLoopback: false } })({
      settings: settings(standIn),
      credentials: { token: standIn.token },
    });
    expect(result.tokens).toEqual([]);
    expect(result.errors[0]).toBe(
      `${new URL(standIn.address).host} is a private, local or reserved network address`,
    );
    expect(standIn.requests).toEqual([]);
  });
});

describe('expiryDateOf', () => {
  it.each([
    ['2027-01-31', '2027-01-31'],
    ['2027-02-28T23:30:00-02:00', '2027-03-01'],
    ['2027-03-15T08:00:00Z', '2027-03-15'],
    ['2027-02-30', null],
    ['31/01/2027', null],
    ['', null],
    [null, null],
  ])('%p -> %p', (value, expected) => {
    expect(expiryDateOf(value)).toBe(expected);
  });
});
