/**
 * Azure's REST APIs, standing in for Microsoft Entra ID's login, Microsoft Graph, Azure Resource
 * Manager and Key Vault locally (`npm start`) and in tests, on 127.0.0.1, with their documented
 * JSON shapes:
 *
 * - `POST /{tenant}/oauth2/v2.0/token` (client credentials, form-encoded): an access token for
 *   the scope asked (`https://graph.microsoft.com/.default`, `https://management.azure.com/.default`,
 *   `https://vault.azure.net/.default`); 401 `invalid_client` for another client id or secret,
 *   400 for another tenant. Instead of the secret, a client assertion (`client_assertion_type`
 *   `urn:ietf:params:oauth:client-assertion-type:jwt-bearer`) is verified as the Microsoft
 *   identity platform does: a JWT signed PS256 (or RS256) by the app registration's certificate,
 *   named by its `x5t#S256` (or SHA-1 `x5t`) thumbprint, `aud` this token URL, `iss` and `sub` the
 *   client id, a `jti`, within `nbf`..`exp`. The registered certificate is made with `openssl` when
 *   first asked for (`certificatePem()`, and `certificate` in the credentials answered below);
 * - Graph `GET /v1.0/applications` (`$top`, `@odata.nextLink` with `$skiptoken`):
 *   `passwordCredentials` and `keyCredentials` with `endDateTime`;
 * - Resource Manager `GET /subscriptions/{id}/providers/Microsoft.KeyVault/vaults?api-version=…`:
 *   the vaults with `properties.vaultUri` (here `<stand-in>/vaults/<name>/`);
 * - Key Vault `GET /vaults/{name}/certificates|secrets|keys?api-version=…` (`maxresults`,
 *   `nextLink`): items with `attributes.exp` (Unix seconds) and `attributes.enabled`.
 *
 * Every API but the login wants a bearer token of its own scope (401 otherwise) and an
 * `api-version` where Azure does (400 without). What it holds is set by tests through the
 * returned object, and by anyone through `PUT /stand-in/state` (JSON: `applications`, `vaults`
 * as name → { certificates, secrets, keys }, `subscriptions` as id → vault names) and
 * `PUT /stand-in/failures` (`{ path, status, times?, retry_after? }`). `GET /stand-in/credentials`
 * answers the tenant, client id, secret and certificate and the URLs to give an integration. With `seed`, it
 * holds an app registration with a client secret and a certificate, and a vault `demo-vault` in the
 * subscription 00000000-0000-0000-0000-000000000001.
 */
import { constants, randomBytes, randomUUID, verify, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { makeSelfSignedCertificate } from './self-signed-certificate';
import {
  closeServer,
  InjectedFailures,
  jsonAnswer,
  listenOnLoopback,
  readBodyText,
} from './stand-in-http';

export interface AzureStandInCredential {
  readonly keyId: string;
  readonly displayName: string;
  /** ISO instant. */
  readonly endDateTime: string;
}

export interface AzureStandInApplication {
  readonly appId: string;
  readonly displayName: string;
  readonly passwordCredentials?: readonly AzureStandInCredential[];
  readonly keyCredentials?: readonly AzureStandInCredential[];
}

export interface AzureStandInVaultItem {
  readonly name: string;
  /** ISO instant, or null for an item without expiry. */
  readonly expires: string | null;
  readonly enabled?: boolean;
  readonly managed?: boolean;
}

export interface AzureStandInVault {
  readonly certificates?: readonly AzureStandInVaultItem[];
  readonly secrets?: readonly AzureStandInVaultItem[];
  readonly keys?: readonly AzureStandInVaultItem[];
}

export interface AzureStandInState {
  readonly applications?: readonly AzureStandInApplication[];
  readonly vaults?: Readonly<Record<string, AzureStandInVault>>;
  readonly subscriptions?: Readonly<Record<string, readonly string[]>>;
}

export interface AzureStandInFailure {
  readonly path: string;
  readonly status: number;
  readonly times?: number;
  readonly retry_after?: number;
}

export interface AzureStandIn {
  /** `http://127.0.0.1:<port>`: the authority host, Graph and Resource Manager URL at once. */
  readonly url: string;
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The app registration's certificate and its private key, PEM (made on first use). */
  certificatePem(): string;
  /** A vault's URL, as an integration is given it. */
  vaultUrl(name: string): string;
  readonly requests: string[];
  setState(state: AzureStandInState): void;
  fail(failure: AzureStandInFailure): void;
  stop(): Promise<void>;
}

const SCOPES = {
  graph: 'https://graph.microsoft.com/.default',
  management: 'https://management.azure.com/.default',
  vault: 'https://vault.azure.net/.default',
} as const;
type Audience = keyof typeof SCOPES;
const DAY_MS = 86_400_000;
export const SEED_SUBSCRIPTION = '00000000-0000-0000-0000-000000000001';

const send = jsonAnswer();

/** The app registration's certificate: its PEM with the key, and the certificate read. */
function makeCertificate(): { pem: string; certificate: X509Certificate } {
  const { certificate, key } = makeSelfSignedCertificate({
    commonName: 'expiry-radar-stand-in',
    days: 365,
  });
  return {
    pem: `${certificate.trim()}\n${key.trim()}\n`,
    certificate: new X509Certificate(certificate),
  };
}

const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const thumbprint = (fingerprint: string) =>
  Buffer.from(fingerprint.replaceAll(':', ''), 'hex').toString('base64url');

/**
 * Why the login refuses a client assertion (AADSTS codes as Entra ID answers them), or null when
 * it is the app registration's, signed by its certificate, for this token URL and still valid.
 */
function assertionRefusal(
  assertion: string,
  expected: { clientId: string; tokenUrl: string; certificate: X509Certificate },
): string | null {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature) return 'AADSTS50027: JWT token is invalid or malformed.';
  let head: { alg?: unknown; 'x5t#S256'?: unknown; x5t?: unknown };
  let body: Record<string, unknown>;
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as typeof head;
    body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as typeof body;
  } catch {
    return 'AADSTS50027: JWT token is invalid or malformed.';
  }
  const { certificate } = expected;
  const named =
    head['x5t#S256'] === thumbprint(certificate.fingerprint256) ||
    head.x5t === thumbprint(certificate.fingerprint);
  if (!named) {
    return 'AADSTS700027: The certificate with identifier used to sign the client assertion is not registered on application.';
  }
  const padding =
    head.alg === 'PS256'
      ? { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }
      : head.alg === 'RS256'
        ? { padding: constants.RSA_PKCS1_PADDING }
        : null;
  const signed =
    padding !== null &&
    verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: certificate.publicKey, ...padding },
      Buffer.from(signature, 'base64url'),
    );
  if (!signed) return 'AADSTS700027: Client assertion contains an invalid signature.';
  if (body.aud !== expected.tokenUrl) {
    return 'AADSTS50013: Assertion audience claim does not match the required value.';
  }
  if (body.iss !== expected.clientId || body.sub !== expected.clientId) {
    return "AADSTS700021: Client assertion application identifier doesn't match 'client_id' parameter.";
  }
  if (typeof body.jti !== 'string' || body.jti === '') {
    return 'AADSTS50027: JWT token is invalid or malformed (no jti).';
  }
  const now = Date.now() / 1000;
  const skew = 300;
  if (
    typeof body.exp !== 'number' ||
    body.exp < now - skew ||
    (typeof body.nbf === 'number' && body.nbf > now + skew)
  ) {
    return 'AADSTS700024: Client assertion is not within its valid time range.';
  }
  return null;
}

/** The `{ error: { code, message } }` of Graph, Resource Manager and Key Vault. */
function apiError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers = {},
) {
  send(response, status, { error: { code, message } }, headers);
}

function seedState(): AzureStandInState {
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
  return {
    applications: [
      {
        appId: '11111111-2222-3333-4444-555555555555',
        displayName: 'billing-api',
        passwordCredentials: [
          {
            keyId: 'a1b2c3d4-0000-0000-0000-000000000001',
            displayName: 'ci',
            endDateTime: inDays(14),
          },
        ],
        keyCredentials: [
          {
            keyId: 'a1b2c3d4-0000-0000-0000-000000000002',
            displayName: 'CN=billing-api',
            endDateTime: inDays(200),
          },
        ],
      },
    ],
    vaults: {
      'demo-vault': {
        certificates: [{ name: 'www-example-com', expires: inDays(45) }],
        secrets: [
          { name: 'db-password', expires: inDays(20) },
          { name: 'www-example-com', expires: inDays(45), managed: true },
          { name: 'no-expiry', expires: null },
        ],
        keys: [{ name: 'signing-key', expires: inDays(300), enabled: false }],
      },
    },
    subscriptions: { [SEED_SUBSCRIPTION]: ['demo-vault'] },
  };
}

export async function startAzureStandIn(
  options: { port?: number; seed?: boolean } = {},
): Promise<AzureStandIn> {
  const tenantId = '72f988bf-0000-4000-8000-000000000000';
  const clientId = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const clientSecret = 'stand-in~client.secret_0123456789';
  let state: AzureStandInState = options.seed ? seedState() : {};
  const tokens = new Map<string, Audience>();
  const failures = new InjectedFailures<AzureStandInFailure>();
  const requests: string[] = [];
  let url = '';
  const vaultUrl = (name: string) => `${url}/vaults/${name}`;
  let registered: ReturnType<typeof makeCertificate> | undefined;
  const appCertificate = () => (registered ??= makeCertificate());

  /** One page of `items` and the link to the next (`$skiptoken` is the offset). */
  const page = <T>(request: URL, items: readonly T[], size: number) => {
    const offset = Number(request.searchParams.get('$skiptoken') ?? '0') || 0;
    const next = offset + size < items.length ? new URL(request.toString()) : null;
    next?.searchParams.set('$skiptoken', String(offset + size));
    return {
      value: items.slice(offset, offset + size),
      next: next ? `${url}${next.pathname}${next.search}` : null,
    };
  };

  const vaultItem = (
    vault: string,
    kind: 'certificates' | 'secrets' | 'keys',
    item: AzureStandInVaultItem,
  ) => {
    const attributes = {
      enabled: item.enabled ?? true,
      ...(item.expires ? { exp: Math.floor(Date.parse(item.expires) / 1000) } : {}),
      created: 1_767_225_600,
      updated: 1_767_225_600,
      recoveryLevel: 'Recoverable+Purgeable',
      recoverableDays: 90,
    };
    const id = `${vaultUrl(vault)}/${kind}/${item.name}`;
    if (kind === 'keys') return { kid: id, attributes, ...(item.managed ? { managed: true } : {}) };
    if (kind === 'certificates')
      return { id, x5t: randomBytes(20).toString('base64url'), attributes, subject: '' };
    return {
      id,
      attributes,
      tags: {},
      ...(item.managed ? { managed: true, contentType: 'application/x-pkcs12' } : {}),
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const requested = new URL(request.url ?? '/', 'http://stand-in');
    const path = requested.pathname;
    requests.push(`${request.method ?? 'GET'} ${path}`);

    if (path === '/stand-in/credentials' && request.method === 'GET') {
      send(response, 200, {
        tenant_id: tenantId,
        client_id: clientId,
        client_secret: clientSecret,
        certificate: appCertificate().pem,
        authority_host: url,
        graph_url: url,
        management_url: url,
        vault_urls: Object.keys(state.vaults ?? {}).map(vaultUrl),
        subscription_ids: Object.keys(state.subscriptions ?? {}),
      });
      return;
    }
    if (path === '/stand-in/state' && request.method === 'PUT') {
      state = JSON.parse(await readBodyText(request)) as AzureStandInState;
      send(response, 200, { ok: true });
      return;
    }
    if (path === '/stand-in/failures' && request.method === 'PUT') {
      failures.add(JSON.parse(await readBodyText(request)) as AzureStandInFailure);
      send(response, 200, { ok: true });
      return;
    }
    const failure = failures.take(path);
    if (failure) {
      apiError(
        response,
        failure.status,
        failure.status === 429
          ? 'TooManyRequests'
          : failure.status === 403
            ? 'Forbidden'
            : 'ServiceUnavailable',
        failure.status === 403
          ? 'The user, group or application does not have list permission on this resource.'
          : 'The request was throttled or the service is unavailable.',
        failure.retry_after === undefined ? {} : { 'retry-after': String(failure.retry_after) },
      );
      return;
    }

    const login = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (login && request.method === 'POST') {
      const form = new URLSearchParams(await readBodyText(request));
      if (decodeURIComponent(login[1]!) !== tenantId) {
        send(response, 400, {
          error: 'invalid_request',
          error_description: `AADSTS90002: Tenant '${login[1]}' not found.`,
        });
        return;
      }
      const assertion = form.get('client_assertion');
      const refusal =
        form.get('client_id') !== clientId
          ? `AADSTS700016: Application with identifier '${form.get('client_id')}' was not found in the directory.`
          : assertion !== null
            ? form.get('client_assertion_type') !== CLIENT_ASSERTION_TYPE
              ? "AADSTS50027: The 'client_assertion_type' is not jwt-bearer."
              : assertionRefusal(assertion, {
                  clientId,
                  tokenUrl: `${url}${path}`,
                  certificate: appCertificate().certificate,
                })
            : form.get('client_secret') !== clientSecret
              ? 'AADSTS7000215: Invalid client secret provided.'
              : null;
      if (refusal !== null) {
        send(response, 401, { error: 'invalid_client', error_description: refusal });
        return;
      }
      const audience = (Object.keys(SCOPES) as Audience[]).find(
        (key) => SCOPES[key] === form.get('scope'),
      );
      if (form.get('grant_type') !== 'client_credentials' || !audience) {
        send(response, 400, {
          error: 'invalid_scope',
          error_description: 'AADSTS70011: The scope is not valid.',
        });
        return;
      }
      const token = `eyJ0eXAiOiJKV1Qi.${randomUUID()}`;
      tokens.set(token, audience);
      send(response, 200, {
        token_type: 'Bearer',
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: token,
      });
      return;
    }

    const bearer = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const audienceOf = (wanted: Audience) => tokens.get(bearer) === wanted;

    if (path === '/v1.0/applications' && request.method === 'GET') {
      if (!audienceOf('graph')) {
        apiError(response, 401, 'InvalidAuthenticationToken', 'Access token validation failure.');
        return;
      }
      const size = Math.min(Number(requested.searchParams.get('$top')) || 100, 999);
      const { value, next } = page(requested, state.applications ?? [], size);
      send(response, 200, {
        '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#applications',
        value: value.map((app) => ({
          id: randomUUID(),
          appId: app.appId,
          displayName: app.displayName,
          passwordCredentials: (app.passwordCredentials ?? []).map((credential) => ({
            customKeyIdentifier: null,
            displayName: credential.displayName,
            endDateTime: credential.endDateTime,
            hint: credential.displayName.slice(0, 3),
            keyId: credential.keyId,
            secretText: null,
            startDateTime: '2026-01-01T00:00:00Z',
          })),
          keyCredentials: (app.keyCredentials ?? []).map((credential) => ({
            customKeyIdentifier: 'AB12',
            displayName: credential.displayName,
            endDateTime: credential.endDateTime,
            key: null,
            keyId: credential.keyId,
            startDateTime: '2026-01-01T00:00:00Z',
            type: 'AsymmetricX509Cert',
            usage: 'Verify',
          })),
        })),
        ...(next ? { '@odata.nextLink': next } : {}),
      });
      return;
    }

    const vaultsOf = /^\/subscriptions\/([^/]+)\/providers\/Microsoft\.KeyVault\/vaults$/i.exec(
      path,
    );
    if (vaultsOf && request.method === 'GET') {
      if (!audienceOf('management')) {
        apiError(response, 401, 'InvalidAuthenticationToken', 'The access token is invalid.');
        return;
      }
      if (!requested.searchParams.get('api-version')) {
        apiError(
          response,
          400,
          'MissingApiVersionParameter',
          'The api-version query parameter (?api-version=) is required for all requests.',
        );
        return;
      }
      const names = state.subscriptions?.[vaultsOf[1]!];
      if (!names) {
        apiError(
          response,
          404,
          'SubscriptionNotFound',
          `The subscription '${vaultsOf[1]}' could not be found.`,
        );
        return;
      }
      send(response, 200, {
        value: names.map((name) => ({
          id: `/subscriptions/${vaultsOf[1]}/resourceGroups/rg/providers/Microsoft.KeyVault/vaults/${name}`,
          name,
          type: 'Microsoft.KeyVault/vaults',
          location: 'westeurope',
          properties: { vaultUri: `${vaultUrl(name)}/`, tenantId, enableRbacAuthorization: true },
        })),
      });
      return;
    }

    const vaultList = /^\/vaults\/([\w-]+)\/(certificates|secrets|keys)$/.exec(path);
    if (vaultList && request.method === 'GET') {
      if (!audienceOf('vault')) {
        apiError(
          response,
          401,
          'Unauthorized',
          'AKV10000: Request is missing a Bearer or PoP token.',
        );
        return;
      }
      if (!requested.searchParams.get('api-version')) {
        apiError(
          response,
          400,
          'BadParameter',
          'The request URI contains an invalid api-version parameter.',
        );
        return;
      }
      const vault = state.vaults?.[vaultList[1]!];
      if (!vault) {
        apiError(response, 404, 'VaultNotFound', `The vault ${vaultList[1]} was not found.`);
        return;
      }
      const kind = vaultList[2] as 'certificates' | 'secrets' | 'keys';
      const size = Math.min(Number(requested.searchParams.get('maxresults')) || 25, 25);
      const { value, next } = page(requested, vault[kind] ?? [], size);
      send(response, 200, {
        value: value.map((item) => vaultItem(vaultList[1]!, kind, item)),
        nextLink: next,
      });
      return;
    }
    apiError(response, 404, 'NotFound', 'The requested resource was not found.');
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() =>
      apiError(response, 400, 'BadRequest', 'The request body could not be read.'),
    );
  });
  url = `http://127.0.0.1:${await listenOnLoopback(server, options.port)}`;
  return {
    url,
    tenantId,
    clientId,
    clientSecret,
    certificatePem: () => appCertificate().pem,
    vaultUrl,
    requests,
    setState: (next) => {
      state = next;
    },
    fail: (next) => failures.add(next),
    stop: () => closeServer(server),
  };
}
