/**
 * What a scan reports of one certificate (the body item of `POST /api/v1/workspaces/{id}/scans`),
 * read from an X.509 certificate with Node's own parser; only public parts are read.
 */
import { X509Certificate } from 'node:crypto';

export interface ScanItem {
  readonly external_id: string;
  readonly name: string;
  readonly type: 'ssl_cert' | 'tls_cert' | 'code_signing' | 'client_cert';
  readonly expiresAt: string;
  readonly domains?: string[];
  readonly issuer?: string | null;
  readonly subject?: string | null;
  readonly serial_number?: string | null;
  readonly algorithm?: string | null;
  readonly key_size?: number | null;
  readonly location?: string | null;
  readonly renewal_date?: string | null;
  readonly description?: string | null;
}

export interface ScanReport {
  readonly dry_run: boolean;
  readonly created: number;
  readonly updated: number;
  readonly removed: number;
  readonly unchanged: number;
  readonly renewed: number;
  readonly errors: string[];
  readonly changes: { action: string; external_id: string; name: string; expires_at: string }[];
  readonly link_candidates: { token_id: string; name: string; external_id: string }[];
}

const CODE_SIGNING = '1.3.6.1.5.5.7.3.3';
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';
const HOST_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** The token fields' lengths the API accepts. */
const MAX = { name: 100, issuer: 100, subject: 300, serial: 50, location: 200, domains: 500 };

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function attribute(distinguishedName: string, name: string): string | undefined {
  for (const line of distinguishedName.split('\n')) {
    const [key, ...rest] = line.split('=');
    if (key?.trim() === name) return rest.join('=').trim();
  }
  return undefined;
}

export function dnsNames(certificate: X509Certificate): string[] {
  const names = (certificate.subjectAltName ?? '')
    .split(/,\s*/)
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4).toLowerCase())
    .filter((name) => HOST_NAME.test(name));
  const kept: string[] = [];
  for (const name of new Set(names)) {
    if ([...kept, name].join(', ').length > MAX.domains) break;
    kept.push(name);
  }
  return kept;
}

function typeOf(certificate: X509Certificate): ScanItem['type'] {
  const usages = certificate.keyUsage ?? [];
  if (usages.includes(CODE_SIGNING)) return 'code_signing';
  if (usages.includes(CLIENT_AUTH) && !usages.includes(SERVER_AUTH)) return 'client_cert';
  return 'ssl_cert';
}

function keyOf(certificate: X509Certificate): { algorithm: string | null; size: number | null } {
  const key = certificate.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return { algorithm: 'RSA', size: details.modulusLength ?? null };
    case 'ec': {
      const curve = details.namedCurve ?? '';
      const bits = /(\d{3})/.exec(curve)?.[1];
      return { algorithm: 'ECDSA', size: bits ? Number(bits) : null };
    }
    case 'ed25519':
      return { algorithm: 'Ed25519', size: 256 };
    case 'ed448':
      return { algorithm: 'Ed448', size: 448 };
    default:
      return { algorithm: key.asymmetricKeyType?.toUpperCase() ?? null, size: null };
  }
}

/** Whether the certificate is a certificate authority's (basic constraints CA:TRUE). */
export const isAuthority = (certificate: X509Certificate) => certificate.ca;

/** The scan item of one certificate, with its id at the source and where it was found. */
export function scanItemOf(
  certificate: X509Certificate,
  options: { externalId: string; location: string; fallbackName: string },
): ScanItem {
  const domains = dnsNames(certificate);
  const commonName = attribute(certificate.subject, 'CN');
  const issuer = attribute(certificate.issuer, 'CN') ?? attribute(certificate.issuer, 'O');
  const { algorithm, size } = keyOf(certificate);
  return {
    external_id: options.externalId,
    name: clip(commonName || domains[0] || options.fallbackName, MAX.name),
    type: typeOf(certificate),
    expiresAt: new Date(certificate.validTo).toISOString().slice(0, 10),
    domains,
    issuer: issuer ? clip(issuer, MAX.issuer) : null,
    subject: clip(certificate.subject.replace(/\n/g, ', '), MAX.subject) || null,
    serial_number: clip(certificate.serialNumber, MAX.serial),
    algorithm,
    key_size: size,
    location: clip(options.location, MAX.location),
  };
}

/** Every certificate of a PEM text (a chain, a bundle), in order; other blocks are not read. */
export function pemCertificates(text: string): X509Certificate[] {
  const blocks = text.match(
    /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----[\s\S]+?-----END (?:X509 |TRUSTED )?CERTIFICATE-----/g,
  );
  return (blocks ?? []).map((block) => new X509Certificate(block));
}

/**
 * The certificates of a file or secret worth a token each: its leaves (a chain's intermediates
 * and root are not), or every certificate when all are authorities (a CA bundle).
 */
export function tokenCertificates(certificates: readonly X509Certificate[]): X509Certificate[] {
  const leaves = certificates.filter((certificate) => !isAuthority(certificate));
  return leaves.length > 0 ? leaves : [...certificates];
}
