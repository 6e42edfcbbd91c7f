/**
 * Reads X.509 certificates from PEM text with Node's `crypto.X509Certificate`: the leaves (the
 * certificates that issued none of the others in the text; a chain's intermediates and root fill
 * nothing), each described and turned into the create form's fields of a certificate token.
 * The text has passed the request schema, which refuses private keys before anything is read.
 */
import { X509Certificate } from 'node:crypto';
import type {
  CertificateTokenFields,
  ParseCertificateResponse,
  ParsedCertificate,
} from '@expiry-radar/shared/api/certificate-api-schemas';
import type { TokenType } from '@expiry-radar/shared/domain/categories';
import { CERTIFICATES_MAX_COUNT } from '@expiry-radar/shared/domain/certificate-text';
import { isValidDomainName, joinDomainList } from '@expiry-radar/shared/domain/domain-names';
import { FIELD_MAX_LENGTHS } from '@expiry-radar/shared/domain/field-limits';

const PEM_BLOCK =
  /-----BEGIN (X509 |TRUSTED )?CERTIFICATE-----([\s\S]*?)-----END (?:X509 |TRUSTED )?CERTIFICATE-----/g;

export type CertificateReading =
  | { readonly kind: 'read'; readonly answer: ParseCertificateResponse }
  | { readonly kind: 'none' }
  | { readonly kind: 'tooMany' }
  | { readonly kind: 'unreadable'; readonly position: number };

/** The DER bytes of each certificate block, in the text's order. */
export function certificateBlocks(text: string): Buffer[] {
  return [...text.matchAll(PEM_BLOCK)].map((match) =>
    Buffer.from((match[2] ?? '').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64'),
  );
}

/** `CN=example.com\nO=Acme` -> `CN=example.com, O=Acme`. */
export function oneLineName(name: string): string {
  return name
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** The value of one attribute (`CN`, `O`) of a distinguished name as Node writes it. */
function attributeOf(name: string, attribute: string): string | null {
  for (const line of name.split('\n')) {
    const [key, ...rest] = line.split('=');
    if (key?.trim() === attribute) {
      const value = rest.join('=').trim().replace(/^"|"$/g, '');
      if (value !== '') return value;
    }
  }
  return null;
}

/** Splits Node's `subjectAltName` (`DNS:a.com, IP Address:1.2.3.4`), quoted entries included. */
export function subjectAltNames(value: string | undefined): string[] {
  if (!value) return [];
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (const character of value) {
    if (character === '"') quoted = !quoted;
    if (character === ',' && !quoted) {
      names.push(current.trim());
      current = '';
      continue;
    }
    current += character;
  }
  if (current.trim() !== '') names.push(current.trim());
  return names.map((name) => name.replace(/^(\w[\w ]*):"(.*)"$/, '$1:$2'));
}

const CURVE_BITS: Readonly<Record<string, number>> = {
  prime256v1: 256,
  secp256k1: 256,
  secp384r1: 384,
  secp521r1: 521,
  prime192v1: 192,
  secp224r1: 224,
};

const KEY_LABELS: Readonly<Record<string, string>> = {
  rsa: 'RSA',
  'rsa-pss': 'RSA-PSS',
  ec: 'EC',
  ed25519: 'Ed25519',
  ed448: 'Ed448',
  dsa: 'DSA',
};

function keyOf(certificate: X509Certificate): { algorithm: string; size: number | null } {
  const key = certificate.publicKey;
  const type = key.asymmetricKeyType ?? 'unknown';
  const details = key.asymmetricKeyDetails ?? {};
  const algorithm = KEY_LABELS[type] ?? type.toUpperCase();
  if (details.modulusLength !== undefined) return { algorithm, size: details.modulusLength };
  if (details.namedCurve !== undefined) {
    return { algorithm, size: CURVE_BITS[details.namedCurve] ?? null };
  }
  if (type === 'ed25519') return { algorithm, size: 256 };
  if (type === 'ed448') return { algorithm, size: 456 };
  return { algorithm, size: null };
}

const CODE_SIGNING = '1.3.6.1.5.5.7.3.3';
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';

/** Code signing, a client-only certificate, else an SSL certificate. */
export function tokenTypeOf(extendedKeyUsage: readonly string[] | undefined): TokenType {
  const usages = extendedKeyUsage ?? [];
  if (usages.includes(CODE_SIGNING)) return 'code_signing';
  if (usages.includes(CLIENT_AUTH) && !usages.includes(SERVER_AUTH)) return 'client_cert';
  return 'ssl_cert';
}

/** Node 22 names it `extKeyUsage`; Node 20 only has the older `keyUsage`. */
function extendedKeyUsageOf(certificate: X509Certificate): readonly string[] | undefined {
  const newer = (certificate as X509Certificate & { extKeyUsage?: string[] }).extKeyUsage;
  return newer ?? certificate.keyUsage;
}

const cut = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max));

/** The SAN DNS names and IP addresses that are valid domains, as many as the field holds. */
function domainsOf(altNames: readonly string[], commonName: string | null): string[] {
  const candidates = altNames
    .filter((name) => name.startsWith('DNS:') || name.startsWith('IP Address:'))
    .map((name) => name.slice(name.indexOf(':') + 1).toLowerCase());
  if (candidates.length === 0 && commonName) candidates.push(commonName.toLowerCase());
  const domains: string[] = [];
  for (const candidate of new Set(candidates)) {
    if (!isValidDomainName(candidate)) continue;
    if (joinDomainList([...domains, candidate]).length > FIELD_MAX_LENGTHS.domains) break;
    domains.push(candidate);
  }
  return domains;
}

export function tokenFieldsOf(
  certificate: X509Certificate,
  altNames: readonly string[],
): CertificateTokenFields {
  const commonName = attributeOf(certificate.subject, 'CN');
  const domains = domainsOf(altNames, commonName);
  const subject = oneLineName(certificate.subject);
  const issuer =
    attributeOf(certificate.issuer, 'O') ??
    attributeOf(certificate.issuer, 'CN') ??
    oneLineName(certificate.issuer);
  const key = keyOf(certificate);
  return {
    name: cut(commonName ?? domains[0] ?? (subject || 'Certificate'), FIELD_MAX_LENGTHS.name),
    type: tokenTypeOf(extendedKeyUsageOf(certificate)),
    expiresAt: new Date(certificate.validTo).toISOString().slice(0, 10),
    domains,
    issuer: issuer ? cut(issuer, FIELD_MAX_LENGTHS.issuer) : null,
    serial_number: cut(certificate.serialNumber.toUpperCase(), FIELD_MAX_LENGTHS.serial_number),
    subject: subject ? cut(subject, FIELD_MAX_LENGTHS.subject) : null,
    algorithm: cut(key.algorithm, FIELD_MAX_LENGTHS.algorithm),
    key_size: key.size,
  };
}

function describe(certificate: X509Certificate, chainLength: number): ParsedCertificate {
  const altNames = subjectAltNames(certificate.subjectAltName);
  const key = keyOf(certificate);
  return {
    subject: oneLineName(certificate.subject),
    issuer: oneLineName(certificate.issuer),
    subject_alt_names: altNames,
    serial_number: certificate.serialNumber.toUpperCase(),
    not_before: new Date(certificate.validFrom).toISOString(),
    not_after: new Date(certificate.validTo).toISOString(),
    key_algorithm: key.algorithm,
    key_size: key.size,
    fingerprint_sha256: certificate.fingerprint256,
    chain_length: chainLength,
    token: tokenFieldsOf(certificate, altNames),
  };
}

/** Whether `issuer` issued `subject` (names match and its key verifies the signature). */
function issued(issuer: X509Certificate, subject: X509Certificate): boolean {
  if (issuer === subject || !subject.checkIssued(issuer)) return false;
  try {
    return subject.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/** The leaf and its issuers found among `all`, up to a self-signed root or a missing issuer. */
function chainLengthOf(leaf: X509Certificate, all: readonly X509Certificate[]): number {
  const seen = new Set([leaf]);
  let current = leaf;
  for (;;) {
    const next = all.find((candidate) => !seen.has(candidate) && issued(candidate, current));
    if (!next) return seen.size;
    seen.add(next);
    current = next;
  }
}

export function readCertificates(text: string): CertificateReading {
  const blocks = certificateBlocks(text);
  if (blocks.length === 0) return { kind: 'none' };
  if (blocks.length > CERTIFICATES_MAX_COUNT) return { kind: 'tooMany' };
  const certificates: X509Certificate[] = [];
  for (const [index, der] of blocks.entries()) {
    try {
      certificates.push(new X509Certificate(der));
    } catch {
      return { kind: 'unreadable', position: index + 1 };
    }
  }
  const issuers = new Set(
    certificates.filter((candidate) => certificates.some((other) => issued(candidate, other))),
  );
  const leaves = certificates.filter((certificate) => !issuers.has(certificate));
  // Certificates that all issued one another (cross-signed) have no leaf: each is one.
  const filled = leaves.length > 0 ? leaves : certificates;
  return {
    kind: 'read',
    answer: {
      certificates: filled.map((leaf) => describe(leaf, chainLengthOf(leaf, certificates))),
      chain_certificates: leaves.length > 0 ? issuers.size : 0,
    },
  };
}
