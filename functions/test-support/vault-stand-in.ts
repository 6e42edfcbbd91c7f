/**
 * A HashiCorp Vault stand-in for discovery tests, answering Vault's documented shapes on
 * 127.0.0.1: `X-Vault-Token` auth (403 `permission denied` otherwise), AppRole login, the token's
 * `lookup-self`, PKI `LIST <mount>/certs` and `GET <mount>/cert/<serial>`, KV v2
 * `LIST <mount>/metadata/<folder>/` and `GET <mount>/metadata/<path>`. LISTs are paged by
 * `limit` and `after` and answer 404 when nothing is under the path, as Vault does. Tests can
 * make a path answer given statuses first (`failNext`) or always refuse it (`deny`), and every
 * request is recorded with its namespace header.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { jsonAnswer, listenOnLoopback, readBodyText } from '../src/local/emulators/stand-in-http';

export interface StandInCertificate {
  readonly serial: string;
  readonly pem: string;
  readonly revoked?: boolean;
}

export interface VaultStandInRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly namespace: string | undefined;
  readonly token: string | undefined;
}

export interface VaultStandIn {
  readonly address: string;
  readonly token: string;
  readonly roleId: string;
  readonly secretId: string;
  /** The token an AppRole login answers. */
  readonly loginToken: string;
  readonly requests: VaultStandInRequest[];
  /** The stored token's `expire_time`; null: it never expires (a root token). */
  setTokenExpiry(expireTime: string | null): void;
  setCertificates(mount: string, certificates: readonly StandInCertificate[]): void;
  /** KV v2 secrets by path (`app/api-key`) with their custom metadata (null: none). */
  setSecrets(mount: string, secrets: Readonly<Record<string, Record<string, string> | null>>): void;
  /** The next requests whose path starts with `pathPrefix` (`/v1/pki/certs`) answer `statuses`. */
  failNext(pathPrefix: string, ...statuses: number[]): void;
  /** Requests whose path starts with `pathPrefix` answer 403 permission denied. */
  deny(pathPrefix: string): void;
  stop(): Promise<void>;
}

const answer = jsonAnswer('application/json');

/** Vault's LIST answer of the entries directly under `folder` (sub-folders end with `/`). */
function entriesUnder(paths: readonly string[], folder: string): string[] {
  const entries = new Set<string>();
  for (const path of paths) {
    if (!path.startsWith(folder)) continue;
    const rest = path.slice(folder.length);
    const slash = rest.indexOf('/');
    entries.add(slash === -1 ? rest : rest.slice(0, slash + 1));
  }
  return [...entries].sort();
}

export async function startVaultStandIn(
  options: { readonly namespace?: string } = {},
): Promise<VaultStandIn> {
  const token = 'hvs.stand-in-token';
  const roleId = 'role-id-stand-in';
  const secretId = 'secret-id-stand-in';
  const loginToken = 'hvs.approle-login-token';
  const requests: VaultStandInRequest[] = [];
  let tokenExpiry: string | null = null;
  const certificates = new Map<string, readonly StandInCertificate[]>();
  const secrets = new Map<string, Readonly<Record<string, Record<string, string> | null>>>();
  const failures: { prefix: string; statuses: number[] }[] = [];
  const denied: string[] = [];

  const list = (response: ServerResponse, url: URL, keys: readonly string[]) => {
    const limit = Number(url.searchParams.get('limit') ?? '0');
    const after = url.searchParams.get('after');
    const rest = after === null ? keys : keys.filter((key) => key > after);
    const page = limit > 0 ? rest.slice(0, limit) : rest;
    if (page.length === 0) {
      answer(response, 404, { errors: [] });
      return;
    }
    answer(response, 200, { request_id: 'r', data: { keys: page }, lease_duration: 0 });
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      requests.push({
        method: request.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        namespace: header('x-vault-namespace'),
        token: header('x-vault-token'),
      });
      const body = await readBodyText(request);
      const failure = failures.find(
        (entry) => url.pathname.startsWith(entry.prefix) && entry.statuses.length > 0,
      );
      if (failure) {
        const status = failure.statuses.shift()!;
        answer(response, status, { errors: [status === 429 ? 'rate limited' : 'upstream error'] });
        return;
      }
      if (options.namespace && header('x-vault-namespace') !== options.namespace) {
        answer(response, 404, { errors: ['no handler for route'] });
        return;
      }
      if (url.pathname === '/v1/auth/approle/login' && request.method === 'POST') {
        const credentials = JSON.parse(body || '{}') as { role_id?: string; secret_id?: string };
        if (credentials.role_id !== roleId || credentials.secret_id !== secretId) {
          answer(response, 400, { errors: ['invalid role or secret ID'] });
          return;
        }
        answer(response, 200, {
          auth: {
            client_token: loginToken,
            accessor: 'approle-accessor',
            policies: ['default', 'discovery'],
            lease_duration: 1200,
            renewable: true,
          },
        });
        return;
      }
      const caller = header('x-vault-token');
      if (
        (caller !== token && caller !== loginToken) ||
        denied.some((prefix) => url.pathname.startsWith(prefix))
      ) {
        answer(response, 403, { errors: ['permission denied'] });
        return;
      }
      const listing = url.searchParams.get('list') === 'true';
      if (url.pathname === '/v1/auth/token/lookup-self') {
        answer(response, 200, {
          data: {
            accessor: caller === token ? 'stored-token-accessor' : 'approle-accessor',
            display_name: caller === token ? 'token-expiry-radar' : 'approle',
            expire_time: caller === token ? tokenExpiry : null,
            policies: ['default', 'discovery'],
            ttl: tokenExpiry ? 3600 : 0,
          },
        });
        return;
      }
      const match = /^\/v1\/(.+?)\/(certs|cert|metadata)(?:\/(.*))?$/.exec(url.pathname);
      const mount = match?.[1] ?? '';
      const rest = decodeURIComponent(match?.[3] ?? '');
      if (match?.[2] === 'certs' && listing && certificates.has(mount)) {
        list(response, url, [...(certificates.get(mount) ?? [])].map((c) => c.serial).sort());
        return;
      }
      if (match?.[2] === 'cert' && certificates.has(mount)) {
        const found = certificates.get(mount)?.find((c) => c.serial === rest);
        if (!found) {
          answer(response, 404, { errors: [] });
          return;
        }
        answer(response, 200, {
          data: {
            certificate: found.pem,
            revocation_time: found.revoked ? 1_700_000_000 : 0,
            revocation_time_rfc3339: '',
          },
        });
        return;
      }
      if (match?.[2] === 'metadata' && secrets.has(mount)) {
        const stored = secrets.get(mount) ?? {};
        if (listing) {
          list(response, url, entriesUnder(Object.keys(stored), rest));
          return;
        }
        if (!(rest in stored)) {
          answer(response, 404, { errors: [] });
          return;
        }
        answer(response, 200, {
          data: {
            cas_required: false,
            created_time: '2026-01-01T00:00:00.000000Z',
            current_version: 1,
            custom_metadata: stored[rest],
            versions: { '1': { created_time: '2026-01-01T00:00:00Z', destroyed: false } },
          },
        });
        return;
      }
      answer(response, 404, { errors: [] });
    })();
  });
  const port = await listenOnLoopback(server);
  return {
    address: `http://127.0.0.1:${port}`,
    token,
    roleId,
    secretId,
    loginToken,
    requests,
    setTokenExpiry: (value) => {
      tokenExpiry = value;
    },
    setCertificates: (mount, value) => {
      certificates.set(mount, value);
    },
    setSecrets: (mount, value) => {
      secrets.set(mount, value);
    },
    failNext: (prefix, ...statuses) => {
      failures.push({ prefix, statuses });
    },
    deny: (prefix) => {
      denied.push(prefix);
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
