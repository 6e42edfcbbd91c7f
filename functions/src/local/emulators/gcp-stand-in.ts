/**
 * Google Cloud's REST APIs, standing in for the OAuth 2.0 token endpoint, Secret Manager and IAM
 * locally (`npm start`) and in tests, on 127.0.0.1, with their documented JSON shapes:
 *
 * - `POST /token` (`grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer`, `assertion`): the
 *   assertion's RS256 signature is checked against the stand-in's service account key, its `iss`,
 *   `aud` (this URL) and `exp`; `400 invalid_grant` otherwise;
 * - Secret Manager `GET /v1/projects/{project}/secrets` (`pageSize`, `pageToken`,
 *   `nextPageToken`): `name`, `createTime`, `expireTime`, `rotation.nextRotationTime`;
 * - IAM `GET /v1/projects/{project}/serviceAccounts` (paged) and
 *   `GET /v1/projects/{project}/serviceAccounts/{email}/keys?keyTypes=USER_MANAGED`:
 *   `validAfterTime`, `validBeforeTime`, `keyType`.
 *
 * - workload identity federation: Google's security token service `POST /v1/token` (a token
 *   exchange, `subject_token_type` `urn:ietf:params:aws:token-type:aws4_request`: the URL-encoded
 *   JSON of a SigV4-signed STS `GetCallerIdentity` request, whose signed headers must hold
 *   `host`, `x-amz-date` and `x-goog-cloud-target-resource` equal to the `audience`, the
 *   stand-in's pool provider; `400 invalid_grant` otherwise) answers a federated token, which
 *   IAM credentials `POST /v1/projects/-/serviceAccounts/{email}:generateAccessToken` takes to
 *   impersonate the stand-in's federated service account (403 for another). The signature itself
 *   is not checked: Google checks it by sending the request to AWS, which no stand-in can.
 *
 * Both APIs want the bearer token the endpoint made (401 otherwise) and answer 403 for a project
 * the stand-in does not hold. What it holds is set by tests through the returned object, and by
 * anyone through `PUT /stand-in/state` (JSON: `projects` as id → { secrets, serviceAccounts }) and
 * `PUT /stand-in/failures` (`{ path, status, times?, retry_after? }`). `GET /stand-in/key` answers
 * the service account's JSON key file. With `seed`, the project `expiry-radar-demo` holds a few.
 */
import { generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  closeServer,
  InjectedFailures,
  jsonAnswer,
  listenOnLoopback,
  readBodyText,
} from './stand-in-http';

export interface GcpStandInSecret {
  readonly id: string;
  readonly expireTime?: string;
  readonly nextRotationTime?: string;
}

export interface GcpStandInKey {
  readonly id: string;
  /** ISO instant; `9999-12-31T23:59:59Z` for a key that never expires. */
  readonly validBeforeTime: string;
  readonly keyType?: 'USER_MANAGED' | 'SYSTEM_MANAGED';
  readonly disabled?: boolean;
}

export interface GcpStandInProject {
  readonly secrets?: readonly GcpStandInSecret[];
  /** Service account email → its keys. */
  readonly serviceAccounts?: Readonly<Record<string, readonly GcpStandInKey[]>>;
}

export interface GcpStandInState {
  readonly projects?: Readonly<Record<string, GcpStandInProject>>;
}

export interface GcpStandInFailure {
  readonly path: string;
  readonly status: number;
  readonly times?: number;
  readonly retry_after?: number;
}

/** A token exchange the stand-in granted: whose signature, for which provider. */
export interface GcpStandInFederation {
  readonly accessKeyId: string;
  readonly region: string;
  readonly audience: string;
}

export interface GcpStandIn {
  /**
   * `http://127.0.0.1:<port>`: Secret Manager's, IAM's, the security token service's and IAM
   * credentials' URL; `{url}/token` the token URL.
   */
  readonly url: string;
  /** The pool provider token exchanges must name (`//iam.googleapis.com/projects/…/providers/…`). */
  readonly workloadIdentityProvider: string;
  /** The service account federated tokens may impersonate. */
  readonly federatedServiceAccount: string;
  readonly federations: GcpStandInFederation[];
  readonly tokenUrl: string;
  /** The service account's JSON key file, as Google Cloud gives it. */
  readonly serviceAccountKey: string;
  readonly requests: string[];
  setState(state: GcpStandInState): void;
  fail(failure: GcpStandInFailure): void;
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;

const send = jsonAnswer('application/json; charset=UTF-8');

/** Google's `{ error: { code, message, status } }`. */
function googleError(
  response: ServerResponse,
  code: number,
  status: string,
  message: string,
  headers = {},
) {
  send(response, code, { error: { code, message, status } }, headers);
}

function seedState(): GcpStandInState {
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
  return {
    projects: {
      'expiry-radar-demo': {
        secrets: [
          { id: 'db-password', expireTime: inDays(21) },
          { id: 'api-token', nextRotationTime: inDays(9) },
          { id: 'no-expiry' },
        ],
        serviceAccounts: {
          'deployer@expiry-radar-demo.iam.gserviceaccount.com': [
            { id: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678', validBeforeTime: inDays(33) },
            {
              id: 'ffffeeeeddddccccbbbbaaaa9999888877776666',
              validBeforeTime: '9999-12-31T23:59:59Z',
            },
          ],
        },
      },
    },
  };
}

/**
 * One page of `items` (`pageToken` is the offset) and the token of the next: at most 20 items,
 * fewer than a larger `pageSize` asks for, as Google's lists may answer.
 */
function page<T>(url: URL, items: readonly T[], fallbackSize: number) {
  const size = Math.min(Math.max(Number(url.searchParams.get('pageSize')) || fallbackSize, 1), 20);
  const offset = Number(url.searchParams.get('pageToken') ?? '0') || 0;
  const next = offset + size < items.length ? String(offset + size) : undefined;
  return { items: items.slice(offset, offset + size), next };
}

export async function startGcpStandIn(
  options: { port?: number; seed?: boolean } = {},
): Promise<GcpStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'expiry-radar@stand-in-project.iam.gserviceaccount.com';
  let state: GcpStandInState = options.seed ? seedState() : {};
  const tokens = new Set<string>();
  const federatedTokens = new Set<string>();
  const federations: GcpStandInFederation[] = [];
  const workloadIdentityProvider =
    '//iam.googleapis.com/projects/123456789012/locations/global/workloadIdentityPools/expiry-radar/providers/aws-deployment';
  const federatedServiceAccount = 'expiry-radar-reader@stand-in-project.iam.gserviceaccount.com';

  /** What is wrong with a token exchange of a signed GetCallerIdentity, or its federation. */
  const exchangeOf = (body: Record<string, unknown>): GcpStandInFederation | string => {
    if (body.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange') {
      return 'Invalid grant_type.';
    }
    if (body.subject_token_type !== 'urn:ietf:params:aws:token-type:aws4_request') {
      return 'Invalid subject_token_type.';
    }
    if (body.audience !== workloadIdentityProvider) return 'Invalid audience.';
    let subject: { url?: string; method?: string; headers?: { key: string; value: string }[] };
    try {
      subject = JSON.parse(decodeURIComponent(String(body.subject_token))) as typeof subject;
    } catch {
      return 'The subject token is not URL-encoded JSON.';
    }
    const target =
      /^https:\/\/(sts(?:\.([a-z0-9-]+))?\.amazonaws\.com)\?Action=GetCallerIdentity&Version=2011-06-15$/.exec(
        subject.url ?? '',
      );
    if (!target || subject.method !== 'POST') return 'The subject token is no GetCallerIdentity.';
    const headers = new Map(
      (subject.headers ?? []).map(({ key, value }) => [key.toLowerCase(), value]),
    );
    const authorization =
      /^AWS4-HMAC-SHA256 Credential=(\w+)\/(\d{8})\/([a-z0-9-]+)\/sts\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(
        headers.get('authorization') ?? '',
      );
    const signed = new Set(authorization?.[4]?.split(';') ?? []);
    if (
      !authorization ||
      !['host', 'x-amz-date', 'x-goog-cloud-target-resource'].every((name) => signed.has(name))
    ) {
      return 'The subject token is not signed with AWS Signature Version 4 over host, x-amz-date and x-goog-cloud-target-resource.';
    }
    if (
      headers.get('host') !== target[1] ||
      !headers.get('x-amz-date')?.startsWith(authorization[2] ?? '-') ||
      headers.get('x-goog-cloud-target-resource') !== workloadIdentityProvider
    ) {
      return "The subject token's host, date or target resource does not match.";
    }
    return {
      accessKeyId: authorization[1] ?? '',
      region: authorization[3] ?? '',
      audience: workloadIdentityProvider,
    };
  };
  const failures = new InjectedFailures<GcpStandInFailure>();
  const requests: string[] = [];
  let url = '';

  const assertionValid = (assertion: string) => {
    const [header, claims, signature] = assertion.split('.');
    if (!header || !claims || !signature) return false;
    if (
      !verify(
        'RSA-SHA256',
        Buffer.from(`${header}.${claims}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      )
    ) {
      return false;
    }
    try {
      const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      return (
        parsed.iss === clientEmail &&
        parsed.aud === `${url}/token` &&
        Number(parsed.exp) * 1000 > Date.now()
      );
    } catch {
      return false;
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const requested = new URL(request.url ?? '/', 'http://stand-in');
    const path = requested.pathname;
    requests.push(`${request.method ?? 'GET'} ${path}`);
    if (path === '/stand-in/key' && request.method === 'GET') {
      send(response, 200, JSON.parse(serviceAccountKey) as unknown);
      return;
    }
    if (path === '/stand-in/state' && request.method === 'PUT') {
      state = JSON.parse(await readBodyText(request)) as GcpStandInState;
      send(response, 200, { ok: true });
      return;
    }
    if (path === '/stand-in/failures' && request.method === 'PUT') {
      failures.add(JSON.parse(await readBodyText(request)) as GcpStandInFailure);
      send(response, 200, { ok: true });
      return;
    }
    const failure = failures.take(path);
    if (failure) {
      googleError(
        response,
        failure.status,
        failure.status === 429
          ? 'RESOURCE_EXHAUSTED'
          : failure.status === 403
            ? 'PERMISSION_DENIED'
            : 'UNAVAILABLE',
        failure.status === 403
          ? "Permission 'secretmanager.secrets.list' denied for resource."
          : 'The service is currently unavailable.',
        failure.retry_after === undefined ? {} : { 'retry-after': String(failure.retry_after) },
      );
      return;
    }
    if (path === '/v1/token' && request.method === 'POST') {
      const text = await readBodyText(request);
      const body = (
        (request.headers['content-type'] ?? '').includes('json')
          ? JSON.parse(text)
          : Object.fromEntries(new URLSearchParams(text))
      ) as Record<string, unknown>;
      const exchange = exchangeOf(body);
      if (typeof exchange === 'string') {
        send(response, 400, { error: 'invalid_grant', error_description: exchange });
        return;
      }
      federations.push(exchange);
      const token = `federated.${randomUUID()}`;
      federatedTokens.add(token);
      send(response, 200, {
        access_token: token,
        issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
        token_type: 'Bearer',
        expires_in: 3600,
      });
      return;
    }
    const impersonate = /^\/v1\/projects\/-\/serviceAccounts\/([^/:]+):generateAccessToken$/.exec(
      path,
    );
    if (impersonate && request.method === 'POST') {
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const { scope } = JSON.parse(await readBodyText(request)) as { scope?: string[] };
      if (!federatedTokens.has(bearer)) {
        googleError(
          response,
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials.',
        );
        return;
      }
      if (decodeURIComponent(impersonate[1] ?? '') !== federatedServiceAccount || !scope?.length) {
        googleError(
          response,
          403,
          'PERMISSION_DENIED',
          "Permission 'iam.serviceAccounts.getAccessToken' denied on resource (or it may not exist).",
        );
        return;
      }
      const token = `ya29.${randomUUID()}`;
      tokens.add(token);
      send(response, 200, {
        accessToken: token,
        expireTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
      return;
    }
    if (path === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBodyText(request));
      if (
        form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
        !assertionValid(form.get('assertion') ?? '')
      ) {
        send(response, 400, {
          error: 'invalid_grant',
          error_description: 'Invalid JWT Signature.',
        });
        return;
      }
      const token = `ya29.${randomUUID()}`;
      tokens.add(token);
      send(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      return;
    }
    if (!tokens.has((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''))) {
      googleError(
        response,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials.',
      );
      return;
    }
    const secrets = /^\/v1\/projects\/([\w-]+)\/secrets$/.exec(path);
    const accounts = /^\/v1\/projects\/([\w-]+)\/serviceAccounts$/.exec(path);
    const keys = /^\/v1\/projects\/([\w-]+)\/serviceAccounts\/([^/]+)\/keys$/.exec(path);
    const projectId = (secrets ?? accounts ?? keys)?.[1];
    const project = projectId ? state.projects?.[projectId] : undefined;
    if (projectId && !project) {
      googleError(
        response,
        403,
        'PERMISSION_DENIED',
        `Permission denied on resource project ${projectId}.`,
      );
      return;
    }
    if (secrets && project) {
      const { items, next } = page(requested, project.secrets ?? [], 25_000);
      send(response, 200, {
        secrets: items.map((secret) => ({
          name: `projects/${projectId}/secrets/${secret.id}`,
          replication: { automatic: {} },
          createTime: '2026-01-01T00:00:00.000000Z',
          etag: '"1"',
          ...(secret.expireTime ? { expireTime: secret.expireTime } : {}),
          ...(secret.nextRotationTime
            ? {
                rotation: { nextRotationTime: secret.nextRotationTime, rotationPeriod: '2592000s' },
              }
            : {}),
        })),
        ...(next ? { nextPageToken: next } : {}),
        totalSize: (project.secrets ?? []).length,
      });
      return;
    }
    if (accounts && project) {
      const { items, next } = page(requested, Object.keys(project.serviceAccounts ?? {}), 20);
      send(response, 200, {
        accounts: items.map((email) => ({
          name: `projects/${projectId}/serviceAccounts/${email}`,
          projectId,
          uniqueId: String(100_000_000 + email.length),
          email,
          displayName: email.split('@')[0],
          oauth2ClientId: String(100_000_000 + email.length),
        })),
        ...(next ? { nextPageToken: next } : {}),
      });
      return;
    }
    if (keys && project) {
      const email = decodeURIComponent(keys[2]!);
      const held = project.serviceAccounts?.[email];
      if (!held) {
        googleError(response, 404, 'NOT_FOUND', `Service account ${email} does not exist.`);
        return;
      }
      const types = requested.searchParams.getAll('keyTypes');
      send(response, 200, {
        keys: held
          .filter((key) => types.length === 0 || types.includes(key.keyType ?? 'USER_MANAGED'))
          .map((key) => ({
            name: `projects/${projectId}/serviceAccounts/${email}/keys/${key.id}`,
            validAfterTime: '2026-01-01T00:00:00Z',
            validBeforeTime: key.validBeforeTime,
            keyAlgorithm: 'KEY_ALG_RSA_2048',
            keyOrigin: 'GOOGLE_PROVIDED',
            keyType: key.keyType ?? 'USER_MANAGED',
            ...(key.disabled ? { disabled: true } : {}),
          })),
      });
      return;
    }
    googleError(response, 404, 'NOT_FOUND', 'The requested URL was not found on this server.');
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() =>
      googleError(response, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'),
    );
  });
  url = `http://127.0.0.1:${await listenOnLoopback(server, options.port)}`;
  const serviceAccountKey = JSON.stringify(
    {
      type: 'service_account',
      project_id: 'stand-in-project',
      private_key_id: '0123456789abcdef0123456789abcdef01234567',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${url}/token`,
      auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
      universe_domain: 'googleapis.com',
    },
    null,
    2,
  );
  return {
    url,
    workloadIdentityProvider,
    federatedServiceAccount,
    federations,
    tokenUrl: `${url}/token`,
    serviceAccountKey,
    requests,
    setState: (next) => {
      state = next;
    },
    fail: (next) => failures.add(next),
    stop: () => closeServer(server),
  };
}
