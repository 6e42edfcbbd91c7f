/** Certificates read from a PEM bundle as rows of the import, one token each. */
import type { ParsedCertificate } from '@expiry-radar/shared/api/certificate-api-schemas';
import type { ImportSource } from './import-source';

const COLUMNS = [
  'name',
  'category',
  'type',
  'expiresAt',
  'domains',
  'issuer',
  'serial_number',
  'subject',
  'algorithm',
  'key_size',
] as const;

export function certificateSource(
  certificates: readonly ParsedCertificate[],
  fileName = 'certificates.pem',
): ImportSource {
  return {
    fileName,
    columns: COLUMNS,
    records: certificates.map(({ token }) => ({
      name: token.name,
      category: 'cert',
      type: token.type,
      expiresAt: token.expiresAt,
      domains: token.domains,
      issuer: token.issuer,
      serial_number: token.serial_number,
      subject: token.subject,
      algorithm: token.algorithm,
      key_size: token.key_size,
    })),
  };
}
