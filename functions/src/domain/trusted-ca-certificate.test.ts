import { X509Certificate } from 'node:crypto';
import { TRUSTED_CA_MESSAGES } from '@expiry-radar/shared/domain/trusted-certificate-authorities';
import { makeCertificateAuthority } from '../../test-support/certificates';
import { readTrustedCaCertificate } from './trusted-ca-certificate';

const ca = makeCertificateAuthority({
  commonName: 'Acme Issuing CA',
  organization: 'Acme',
  key: 'ec:P-256',
  days: 30,
});
const certificate = new X509Certificate(ca.pem);

describe('readTrustedCaCertificate', () => {
  it('describes a CA certificate by its subject, validity and fingerprint', () => {
    expect(readTrustedCaCertificate(ca.pem, new Date())).toEqual({
      kind: 'read',
      certificate: {
        id: certificate.fingerprint256.replace(/:/g, '').toLowerCase(),
        pem: certificate.toString(),
        subject: 'CN=Acme Issuing CA, O=Acme',
        issuer: 'CN=Acme Issuing CA, O=Acme',
        notBefore: new Date(certificate.validFrom).toISOString(),
        notAfter: new Date(certificate.validTo).toISOString(),
        fingerprintSha256: certificate.fingerprint256,
      },
    });
  });

  it('refuses a CA certificate that has expired, naming the day', () => {
    const expiry = new Date(certificate.validTo);
    const later = new Date(expiry.getTime() + 1_000);
    expect(readTrustedCaCertificate(ca.pem, later)).toEqual({
      kind: 'refused',
      message: TRUSTED_CA_MESSAGES.expired(expiry.toISOString().slice(0, 10)),
    });
  });
});
