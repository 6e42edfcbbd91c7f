/**
 * Reads a CA certificate uploaded to be trusted by a workspace's endpoint checks
 * (shared/domain/trusted-certificate-authorities): exactly one PEM certificate block, an X.509
 * certificate Node can parse, marked as a CA (basicConstraints CA:TRUE, `X509Certificate.ca`), not
 * expired. What is kept is the certificate as Node writes it back (its PEM alone, whatever text
 * surrounded it), described by subject, issuer, validity and SHA-256 fingerprint.
 */
import { X509Certificate } from 'node:crypto';
import { TRUSTED_CA_MESSAGES } from '@expiry-radar/shared/domain/trusted-certificate-authorities';
import { certificateBlocks, oneLineName } from './certificate-reading';

export interface TrustedCaCertificate {
  /** Lower-case hexadecimal SHA-256 of the DER certificate. */
  readonly id: string;
  readonly pem: string;
  readonly subject: string;
  readonly issuer: string;
  /** ISO date-times. */
  readonly notBefore: string;
  readonly notAfter: string;
  /** `AB:CD:…`. */
  readonly fingerprintSha256: string;
}

export type TrustedCaReading =
  | { readonly kind: 'read'; readonly certificate: TrustedCaCertificate }
  | { readonly kind: 'refused'; readonly message: string };

const refused = (message: string): TrustedCaReading => ({ kind: 'refused', message });

function parse(der: Buffer): X509Certificate | null {
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

export function readTrustedCaCertificate(text: string, now: Date): TrustedCaReading {
  const blocks = certificateBlocks(text);
  if (blocks.length === 0) return refused(TRUSTED_CA_MESSAGES.noCertificate);
  if (blocks.length > 1) return refused(TRUSTED_CA_MESSAGES.severalCertificates);
  const certificate = parse(blocks[0]!);
  if (!certificate) return refused(TRUSTED_CA_MESSAGES.unreadable);
  if (!certificate.ca) return refused(TRUSTED_CA_MESSAGES.notCertificateAuthority);
  const notAfter = new Date(certificate.validTo);
  if (notAfter.getTime() <= now.getTime()) {
    return refused(TRUSTED_CA_MESSAGES.expired(notAfter.toISOString().slice(0, 10)));
  }
  const fingerprintSha256 = certificate.fingerprint256;
  return {
    kind: 'read',
    certificate: {
      id: fingerprintSha256.replace(/:/g, '').toLowerCase(),
      pem: certificate.toString(),
      subject: oneLineName(certificate.subject),
      issuer: oneLineName(certificate.issuer),
      notBefore: new Date(certificate.validFrom).toISOString(),
      notAfter: notAfter.toISOString(),
      fingerprintSha256,
    },
  };
}
