/**
 * A workspace's trusted certificate authorities: CA certificates of its own PKI, uploaded as PEM,
 * that its endpoint checks and "Check now" trust beside the public roots, so an endpoint served
 * by a private CA is judged trusted. Each is one X.509 certificate marked as a CA
 * (basicConstraints CA:TRUE), not expired, once per workspace (by its SHA-256 fingerprint), within
 * a fixed number per workspace.
 */
import { countText } from './count-text';

/** The most PEM text one upload may hold: a CA certificate is 1 to 3 KB, its chain more. */
export const TRUSTED_CA_PEM_MAX_LENGTH = 16_384;
/** The most certificate authorities one workspace trusts. */
export const TRUSTED_CAS_PER_WORKSPACE = 20;

/** A certificate authority's id: the lower-case hexadecimal SHA-256 of its DER certificate. */
export const TRUSTED_CA_ID_PATTERN = /^[0-9a-f]{64}$/;

export const TRUSTED_CA_MESSAGES = {
  pemRequired: 'Paste a CA certificate or choose a file',
  pemTooLong: `A CA certificate must be ${countText(TRUSTED_CA_PEM_MAX_LENGTH)} characters or less`,
  noCertificate:
    'No certificate found: paste the CA certificate in PEM form (-----BEGIN CERTIFICATE-----)',
  severalCertificates:
    'This text holds several certificates: add one certificate authority at a time',
  unreadable: 'The certificate could not be read: it is not a valid X.509 certificate',
  notCertificateAuthority:
    'This certificate is not a certificate authority (its basic constraints do not say CA:TRUE): add the CA that issued it instead',
  expired: (date: string) =>
    `This CA certificate expired on ${date}: add its current certificate instead`,
  duplicate: 'This certificate authority is already trusted in this workspace',
  limit: `A workspace trusts at most ${countText(TRUSTED_CAS_PER_WORKSPACE)} certificate authorities: remove one to add another`,
  invalidId: 'Certificate authority id must be 64 hexadecimal characters (its SHA-256 fingerprint)',
  notFound: 'Certificate authority not found.',
  forbidden: 'Only workspace admins can change the trusted certificate authorities.',
} as const;
