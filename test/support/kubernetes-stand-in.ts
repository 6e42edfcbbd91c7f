/**
 * A local stand-in of the Kubernetes API for the command-line tool's `scan kubernetes`: the list
 * endpoints it calls, as Kubernetes documents them, over HTTPS (a certificate of 127.0.0.1 from a
 * CA of its own, which its kubeconfig trusts, as a cluster's does) with a bearer token:
 *
 * - `GET /api/v1/namespaces`, `GET /api/v1/secrets` and `GET /api/v1/namespaces/{ns}/secrets`,
 *   with `fieldSelector` (`type=kubernetes.io/tls`, `metadata.name`, `metadata.namespace`; `=`,
 *   `==` and `!=`), `limit` and `continue` (an opaque token; the last page has none), answering
 *   `v1` lists (`kind`, `apiVersion`, `metadata.resourceVersion`, `metadata.continue`,
 *   `metadata.remainingItemCount`);
 * - cert-manager's custom resource, `GET /apis/cert-manager.io/v1/certificates` and
 *   `…/namespaces/{ns}/certificates`, paged the same way (404 while the CRD is not installed);
 * - a `Status` object for every refusal: 401 for a wrong token, 403 for a list the role does not
 *   grant (cluster-wide lists when `clusterWide` is off, the namespaces in `forbiddenNamespaces`).
 *
 * The tests (and `npm run kubernetes:stand-in`) change its objects between scans and read which
 * requests it served.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makePrivateCertificateAuthority } from '../../functions/test-support/certificates';

export interface StandInSecret {
  readonly namespace: string;
  readonly name: string;
  readonly type?: string;
  /** PEM text of `tls.crt`. */
  readonly certificatePem?: string;
  /** PEM text of `tls.key`: served as the API does, never to be read by the scanner. */
  readonly keyPem?: string;
  readonly annotations?: Record<string, string>;
}

export interface StandInCertificate {
  readonly namespace: string;
  readonly name: string;
  readonly secretName: string;
  readonly dnsNames: string[];
  readonly commonName?: string;
  readonly issuer?: { name: string; kind: string };
  readonly notAfter?: string;
  readonly renewalTime?: string;
}

export interface KubernetesStandIn {
  readonly url: string;
  readonly token: string;
  readonly secrets: StandInSecret[];
  readonly certificates: StandInCertificate[];
  readonly namespaces: Set<string>;
  /** Whether the credentials may list across namespaces (a ClusterRole) or only per namespace. */
  clusterWide: boolean;
  readonly forbiddenNamespaces: Set<string>;
  certManagerInstalled: boolean;
  /** Each request served: method, path and query. */
  readonly requests: string[];
  /** A kubeconfig (YAML's JSON form) whose current context is this stand-in. */
  kubeconfig(clusterName?: string): string;
  stop(): Promise<void>;
}

type Selector = { field: string; value: string; equal: boolean };

function parseFieldSelector(text: string | null): Selector[] | string {
  if (!text) return [];
  const selectors: Selector[] = [];
  for (const part of text.split(',')) {
    const match = /^([a-zA-Z.]+)\s*(==|=|!=)\s*(.*)$/.exec(part.trim());
    if (!match) return `unable to parse requirement: ${part}`;
    const [, field, operator, value] = match as unknown as [string, string, string, string];
    if (!['type', 'metadata.name', 'metadata.namespace'].includes(field)) {
      return `"${field}" is not a known field selector: only "metadata.name", "metadata.namespace", "type"`;
    }
    selectors.push({ field, value, equal: operator !== '!=' });
  }
  return selectors;
}

const secretField = (secret: StandInSecret, field: string) =>
  field === 'type'
    ? (secret.type ?? 'kubernetes.io/tls')
    : field === 'metadata.name'
      ? secret.name
      : secret.namespace;

function status(response: ServerResponse, code: number, reason: string, message: string): void {
  response.writeHead(code, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message,
      reason,
      code,
    }),
  );
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export async function startKubernetesStandIn(
  options: { pageSizeCap?: number } = {},
): Promise<KubernetesStandIn> {
  const token = randomBytes(16).toString('hex');
  const requests: string[] = [];
  let resourceVersion = 1000;
  const state = {
    secrets: [] as StandInSecret[],
    certificates: [] as StandInCertificate[],
    namespaces: new Set<string>(['default']),
    clusterWide: true,
    forbiddenNamespaces: new Set<string>(),
    certManagerInstalled: true,
  };

  /** One page of `items` from the `continue` token's offset, at most `limit` long. */
  function page<T>(
    url: URL,
    kind: string,
    apiVersion: string,
    items: readonly T[],
    response: ServerResponse,
  ) {
    const limitText = url.searchParams.get('limit');
    const limit = Math.min(Number(limitText ?? 0) || items.length || 1, options.pageSizeCap ?? 500);
    const continued = url.searchParams.get('continue');
    let offset = 0;
    if (continued) {
      try {
        offset = (
          JSON.parse(Buffer.from(continued, 'base64url').toString('utf8')) as { offset: number }
        ).offset;
      } catch {
        status(response, 400, 'BadRequest', 'continue key is not valid');
        return;
      }
    }
    const slice = items.slice(offset, offset + limit);
    const rest = items.length - offset - slice.length;
    const metadata: Record<string, unknown> = { resourceVersion: String(resourceVersion) };
    if (rest > 0) {
      metadata.continue = Buffer.from(
        JSON.stringify({ offset: offset + slice.length, rv: resourceVersion }),
      ).toString('base64url');
      metadata.remainingItemCount = rest;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ kind, apiVersion, metadata, items: slice }));
  }

  const secretObject = (secret: StandInSecret) => ({
    metadata: {
      name: secret.name,
      namespace: secret.namespace,
      uid: `${secret.namespace}-${secret.name}`,
      resourceVersion: String(resourceVersion),
      ...(secret.annotations ? { annotations: secret.annotations } : {}),
    },
    type: secret.type ?? 'kubernetes.io/tls',
    data: {
      ...(secret.certificatePem ? { 'tls.crt': b64(secret.certificatePem) } : {}),
      ...(secret.keyPem ? { 'tls.key': b64(secret.keyPem) } : {}),
    },
  });
  const certificateObject = (certificate: StandInCertificate) => ({
    apiVersion: 'cert-manager.io/v1',
    kind: 'Certificate',
    metadata: { name: certificate.name, namespace: certificate.namespace },
    spec: {
      secretName: certificate.secretName,
      dnsNames: certificate.dnsNames,
      ...(certificate.commonName ? { commonName: certificate.commonName } : {}),
      issuerRef: certificate.issuer ?? { name: 'letsencrypt', kind: 'ClusterIssuer' },
    },
    status: {
      ...(certificate.notAfter ? { notAfter: certificate.notAfter } : {}),
      ...(certificate.renewalTime ? { renewalTime: certificate.renewalTime } : {}),
      conditions: [{ type: 'Ready', status: certificate.notAfter ? 'True' : 'False' }],
    },
  });

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.headers.authorization !== `Bearer ${token}`) {
      status(response, 401, 'Unauthorized', 'Unauthorized');
      return;
    }
    if (request.method !== 'GET') {
      status(response, 405, 'MethodNotAllowed', 'the server does not allow this method');
      return;
    }
    const path = url.pathname;
    const forbidden = (what: string, namespace?: string) =>
      status(
        response,
        403,
        'Forbidden',
        `${what} is forbidden: User "system:serviceaccount:expiry-radar:scanner" cannot list resource "${what}" in API group "" ${namespace ? `in the namespace "${namespace}"` : 'at the cluster scope'}`,
      );
    if (path === '/api/v1/namespaces') {
      if (!state.clusterWide) return forbidden('namespaces');
      const names = [...state.namespaces, ...state.secrets.map((s) => s.namespace)];
      return page(
        url,
        'NamespaceList',
        'v1',
        [...new Set(names)].sort().map((name) => ({ metadata: { name } })),
        response,
      );
    }
    const secrets = /^\/api\/v1\/(?:namespaces\/([^/]+)\/)?secrets$/.exec(path);
    if (secrets) {
      const namespace = secrets[1] && decodeURIComponent(secrets[1]);
      if (namespace ? state.forbiddenNamespaces.has(namespace) : !state.clusterWide) {
        return forbidden('secrets', namespace);
      }
      const selectors = parseFieldSelector(url.searchParams.get('fieldSelector'));
      if (typeof selectors === 'string') return status(response, 400, 'BadRequest', selectors);
      const items = state.secrets
        .filter((secret) => !namespace || secret.namespace === namespace)
        .filter((secret) =>
          selectors.every((s) => (secretField(secret, s.field) === s.value) === s.equal),
        )
        .sort((a, b) => `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`))
        .map(secretObject);
      return page(url, 'SecretList', 'v1', items, response);
    }
    const certificates =
      /^\/apis\/cert-manager\.io\/v1\/(?:namespaces\/([^/]+)\/)?certificates$/.exec(path);
    if (certificates) {
      if (!state.certManagerInstalled)
        return status(
          response,
          404,
          'NotFound',
          'the server could not find the requested resource',
        );
      const namespace = certificates[1] && decodeURIComponent(certificates[1]);
      if (namespace ? state.forbiddenNamespaces.has(namespace) : !state.clusterWide) {
        return forbidden('certificates.cert-manager.io', namespace);
      }
      const items = state.certificates
        .filter((certificate) => !namespace || certificate.namespace === namespace)
        .sort((a, b) => `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`))
        .map(certificateObject);
      return page(url, 'CertificateList', 'cert-manager.io/v1', items, response);
    }
    status(response, 404, 'NotFound', 'the server could not find the requested resource');
  }

  const tls = makePrivateCertificateAuthority({
    commonName: '127.0.0.1',
    altNames: 'IP:127.0.0.1,DNS:localhost',
    days: 30,
  });
  const server = createServer({ key: tls.leaf.keyPem, cert: tls.leaf.pem }, (request, response) => {
    resourceVersion += 1;
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    token,
    requests,
    kubeconfig(clusterName = 'stand-in') {
      return JSON.stringify(
        {
          apiVersion: 'v1',
          kind: 'Config',
          clusters: [
            {
              name: clusterName,
              cluster: {
                server: url,
                'certificate-authority-data': Buffer.from(tls.ca.pem).toString('base64'),
              },
            },
          ],
          users: [{ name: 'scanner', user: { token } }],
          contexts: [
            {
              name: clusterName,
              context: { cluster: clusterName, user: 'scanner', namespace: 'default' },
            },
          ],
          'current-context': clusterName,
        },
        null,
        2,
      );
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
