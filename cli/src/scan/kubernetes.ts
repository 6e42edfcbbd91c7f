/**
 * `scan kubernetes`: TLS secrets (`type=kubernetes.io/tls`) in every namespace the caller may
 * read, and cert-manager `Certificate` resources with their renewal time, through the official
 * client (@kubernetes/client-node), in a cluster (its service account) or from a kubeconfig.
 *
 * Secrets are listed across all namespaces when the caller may; else namespace by namespace (those
 * given with --namespace, else every namespace it may list, else the current one), a namespace it
 * may not read being reported as unread (its tokens are then not marked removed). Lists are read
 * in pages (`limit`, `continue`). A certificate cert-manager manages is one token, the
 * `Certificate` (its expiry, renewal time, DNS names and issuer, with the key details of the
 * secret it writes); its secret is not a second one. Only a secret's `tls.crt` is decoded: its
 * `tls.key` is never read nor sent.
 */
import { X509Certificate } from 'node:crypto';
import { CoreV1Api, CustomObjectsApi, KubeConfig, type V1Secret } from '@kubernetes/client-node';
import { CliError, EXIT } from '../exit-codes.js';
import { pemCertificates, scanItemOf, tokenCertificates, type ScanItem } from './scan-item.js';

export const PAGE_SIZE = 100;
const CERT_MANAGER = { group: 'cert-manager.io', version: 'v1', plural: 'certificates' };
const MANAGED_ANNOTATION = 'cert-manager.io/certificate-name';

export interface KubernetesScanOptions {
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly cluster?: string;
  readonly namespaces: readonly string[];
  readonly pageSize?: number;
}

export interface KubernetesScan {
  readonly scope: string;
  readonly items: ScanItem[];
  /** Absent: the whole cluster was read. */
  readonly roots?: string[];
  readonly unread: string[];
  readonly notes: string[];
  readonly problems: string[];
  readonly secretsRead: number;
  readonly certificatesRead: number;
}

interface CertificateResource {
  readonly metadata?: { name?: string; namespace?: string };
  readonly spec?: {
    secretName?: string;
    commonName?: string;
    dnsNames?: string[];
    issuerRef?: { name?: string; kind?: string };
  };
  readonly status?: { notAfter?: string; renewalTime?: string; notBefore?: string };
}

const statusOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
};

function connectionFailure(error: unknown, server: string): CliError | null {
  if (statusOf(error) !== undefined) return null;
  const text = `${(error as Error).message ?? ''} ${(error as { code?: string }).code ?? ''}`;
  if (
    /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|ECONNRESET|fetch failed|socket hang up/i.test(
      text,
    )
  ) {
    return new CliError(
      EXIT.unreachable,
      `Cannot reach the Kubernetes API at ${server}: ${text.trim()}`,
    );
  }
  return null;
}

const NO_CONFIGURATION =
  'No Kubernetes configuration found: set KUBECONFIG, pass --kubeconfig, or run inside a cluster';

/**
 * What `loadFromDefault` makes when it finds no kubeconfig and no service account: a context of
 * its own for an API at http://localhost:8080, which no cluster serves by default any more.
 */
function isLibraryFallback(config: KubeConfig): boolean {
  const cluster = config.getCurrentCluster();
  return (
    config.getCurrentContext() === 'loaded-context' &&
    cluster?.name === 'cluster' &&
    cluster.server === 'http://localhost:8080'
  );
}

function loadConfig(options: KubernetesScanOptions): KubeConfig {
  const config = new KubeConfig();
  try {
    if (options.kubeconfig) config.loadFromFile(options.kubeconfig);
    else config.loadFromDefault();
  } catch (error) {
    throw new CliError(
      EXIT.kubernetes,
      `Cannot read the Kubernetes configuration: ${(error as Error).message}`,
    );
  }
  if (!options.kubeconfig && isLibraryFallback(config)) {
    throw new CliError(EXIT.kubernetes, NO_CONFIGURATION);
  }
  if (options.context) {
    const contexts = config.getContexts().map((context) => context.name);
    if (!contexts.includes(options.context)) {
      throw new CliError(
        EXIT.kubernetes,
        `No context "${options.context}" in the Kubernetes configuration (it has: ${contexts.join(', ') || 'none'}).`,
      );
    }
    config.setCurrentContext(options.context);
  }
  if (!config.getCurrentCluster()) {
    throw new CliError(
      EXIT.kubernetes,
      'No Kubernetes cluster is configured: run in a cluster, or give --kubeconfig (or KUBECONFIG).',
    );
  }
  return config;
}

async function pages<T>(
  read: (next: string | undefined) => Promise<{ items: T[]; next: string | undefined }>,
): Promise<T[]> {
  const all: T[] = [];
  let next: string | undefined;
  do {
    const page = await read(next);
    all.push(...page.items);
    next = page.next || undefined;
  } while (next);
  return all;
}

export async function scanKubernetes(options: KubernetesScanOptions): Promise<KubernetesScan> {
  const config = loadConfig(options);
  const cluster = config.getCurrentCluster()!;
  const server = cluster.server;
  const scope = options.cluster ?? cluster.name;
  const core = config.makeApiClient(CoreV1Api);
  const custom = config.makeApiClient(CustomObjectsApi);
  const limit = options.pageSize ?? PAGE_SIZE;
  const fieldSelector = 'type=kubernetes.io/tls';
  const notes: string[] = [];
  const problems: string[] = [];
  const unread: string[] = [];

  const guard = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (statusOf(error) !== undefined) throw error;
      throw (
        connectionFailure(error, server) ??
        new CliError(
          EXIT.kubernetes,
          `The Kubernetes API at ${server}: ${(error as Error).message}`,
        )
      );
    }
  };
  const refusal = (error: unknown, what: string) => {
    const status = statusOf(error);
    if (status === 401) {
      return new CliError(
        EXIT.kubernetes,
        `The Kubernetes API refused the credentials (401) when listing ${what}.`,
      );
    }
    if (status !== undefined) {
      return new CliError(
        EXIT.kubernetes,
        `The Kubernetes API at ${server} answered HTTP ${status} when listing ${what}.`,
      );
    }
    return null;
  };

  let namespaces: string[] | null = null;
  const namespacesToRead = async (): Promise<string[]> => {
    if (namespaces) return namespaces;
    if (options.namespaces.length > 0) return (namespaces = [...options.namespaces]);
    try {
      const list = await pages((next) =>
        guard(() => core.listNamespace({ limit, _continue: next })).then((answer) => ({
          items: answer.items.map((item) => item.metadata?.name ?? '').filter(Boolean),
          next: answer.metadata?._continue,
        })),
      );
      return (namespaces = list);
    } catch (error) {
      if (statusOf(error) !== 403) throw refusal(error, 'namespaces') ?? error;
      const own = config.getContextObject(config.getCurrentContext())?.namespace ?? 'default';
      notes.push(
        `Namespaces cannot be listed: reading namespace ${own} only (give --namespace for others).`,
      );
      return (namespaces = [own]);
    }
  };

  // Secrets: across the cluster when allowed, else namespace by namespace.
  let secrets: V1Secret[] = [];
  let clusterWide = options.namespaces.length === 0;
  if (clusterWide) {
    try {
      secrets = await pages((next) =>
        guard(() =>
          core.listSecretForAllNamespaces({ fieldSelector, limit, _continue: next }),
        ).then((answer) => ({ items: answer.items, next: answer.metadata?._continue })),
      );
    } catch (error) {
      if (statusOf(error) !== 403) throw refusal(error, 'secrets') ?? error;
      clusterWide = false;
    }
  }
  const readNamespaces: string[] = [];
  if (!clusterWide) {
    for (const namespace of await namespacesToRead()) {
      try {
        secrets.push(
          ...(await pages((next) =>
            guard(() =>
              core.listNamespacedSecret({ namespace, fieldSelector, limit, _continue: next }),
            ).then((answer) => ({ items: answer.items, next: answer.metadata?._continue })),
          )),
        );
        readNamespaces.push(namespace);
      } catch (error) {
        if (statusOf(error) !== 403) throw refusal(error, `secrets in ${namespace}`) ?? error;
        unread.push(`secret/${namespace}/`, `certificate/${namespace}/`);
        notes.push(
          `Namespace ${namespace}: its secrets may not be read (skipped; its tokens are kept).`,
        );
      }
    }
  }

  // cert-manager Certificates: the same way; none when cert-manager is not installed.
  type CustomList = { items?: CertificateResource[]; metadata?: { continue?: string } };
  const customPage = (answer: CustomList) => ({
    items: answer.items ?? [],
    next: answer.metadata?.continue,
  });
  let certificates: CertificateResource[] = [];
  let certificatesReadable = true;
  if (clusterWide) {
    try {
      certificates = await pages((next) =>
        guard(
          () =>
            custom.listClusterCustomObject({
              ...CERT_MANAGER,
              limit,
              _continue: next,
            }) as Promise<CustomList>,
        ).then(customPage),
      );
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) {
        certificatesReadable = false;
        notes.push('cert-manager is not installed (no Certificate resources).');
      } else if (status === 403) {
        notes.push(
          'cert-manager Certificates may not be listed across namespaces: reading each namespace.',
        );
        clusterWide = false;
      } else throw refusal(error, 'certificates') ?? error;
    }
  }
  if (!clusterWide && certificatesReadable) {
    for (const namespace of readNamespaces.length > 0 ? readNamespaces : await namespacesToRead()) {
      try {
        certificates.push(
          ...(await pages((next) =>
            guard(
              () =>
                custom.listNamespacedCustomObject({
                  ...CERT_MANAGER,
                  namespace,
                  limit,
                  _continue: next,
                }) as Promise<CustomList>,
            ).then(customPage),
          )),
        );
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) break;
        if (status !== 403) throw refusal(error, `certificates in ${namespace}`) ?? error;
        unread.push(`certificate/${namespace}/`);
      }
    }
  }

  const leafOf = (secret: V1Secret): X509Certificate | null | 'invalid' => {
    const encoded = secret.data?.['tls.crt'];
    if (!encoded) return null;
    try {
      const found = tokenCertificates(
        pemCertificates(Buffer.from(encoded, 'base64').toString('utf8')),
      );
      return found[0] ?? 'invalid';
    } catch {
      return 'invalid';
    }
  };
  const secretKey = (namespace: string, name: string) => `${namespace}/${name}`;
  const secretsByKey = new Map(
    secrets.map((secret) => [
      secretKey(secret.metadata?.namespace ?? '', secret.metadata?.name ?? ''),
      secret,
    ]),
  );

  const items: ScanItem[] = [];
  const managed = new Set<string>();
  for (const certificate of certificates) {
    const namespace = certificate.metadata?.namespace ?? '';
    const name = certificate.metadata?.name ?? '';
    const secretName = certificate.spec?.secretName;
    if (secretName) managed.add(secretKey(namespace, secretName));
    const notAfter = certificate.status?.notAfter;
    if (!notAfter) {
      notes.push(
        `Certificate ${namespace}/${name} has not been issued yet (no notAfter): skipped.`,
      );
      continue;
    }
    const secret = secretName ? secretsByKey.get(secretKey(namespace, secretName)) : undefined;
    const leaf = secret ? leafOf(secret) : null;
    const fromSecret =
      leaf instanceof X509Certificate
        ? scanItemOf(leaf, { externalId: '', location: '', fallbackName: name })
        : undefined;
    const dnsNames = certificate.spec?.dnsNames ?? [];
    const issuerRef = certificate.spec?.issuerRef;
    items.push({
      external_id: `certificate/${namespace}/${name}`,
      name: (certificate.spec?.commonName || dnsNames[0] || `${namespace}/${name}`).slice(0, 100),
      type: 'ssl_cert',
      expiresAt: new Date(notAfter).toISOString().slice(0, 10),
      domains: fromSecret?.domains ?? dnsNames.map((entry) => entry.toLowerCase()),
      issuer: issuerRef?.name
        ? `${issuerRef.kind ?? 'Issuer'} ${issuerRef.name}`.slice(0, 100)
        : (fromSecret?.issuer ?? null),
      subject: fromSecret?.subject ?? null,
      serial_number: fromSecret?.serial_number ?? null,
      algorithm: fromSecret?.algorithm ?? null,
      key_size: fromSecret?.key_size ?? null,
      location: `kubernetes:${scope}/${namespace}/certificates/${name}`.slice(0, 200),
      renewal_date: certificate.status?.renewalTime
        ? new Date(certificate.status.renewalTime).toISOString().slice(0, 10)
        : null,
      description:
        `cert-manager Certificate writing secret ${namespace}/${secretName ?? '?'}`.slice(0, 300),
    });
  }
  for (const secret of secrets) {
    const namespace = secret.metadata?.namespace ?? '';
    const name = secret.metadata?.name ?? '';
    const key = secretKey(namespace, name);
    if (managed.has(key) || secret.metadata?.annotations?.[MANAGED_ANNOTATION]) continue;
    const leaf = leafOf(secret);
    if (leaf === null) continue;
    if (leaf === 'invalid') {
      problems.push(`Secret ${key}: its tls.crt is not a certificate: skipped`);
      continue;
    }
    items.push(
      scanItemOf(leaf, {
        externalId: `secret/${namespace}/${name}`,
        location: `kubernetes:${scope}/${namespace}/secrets/${name}`,
        fallbackName: key,
      }),
    );
  }
  const roots = clusterWide
    ? undefined
    : readNamespaces.flatMap((namespace) => [`secret/${namespace}/`, `certificate/${namespace}/`]);
  return {
    scope,
    items,
    roots,
    unread,
    notes,
    problems,
    secretsRead: secrets.length,
    certificatesRead: certificates.length,
  };
}
