import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import {
  trustedCertificateAuthorityCodec,
  type TrustedCertificateAuthorityRecord,
} from './trusted-certificate-authority';

const hexId = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Buffer.from(bytes).toString('hex'));

const recordArbitrary: fc.Arbitrary<TrustedCertificateAuthorityRecord> = fc.record({
  workspaceId: fc.uuid(),
  caId: hexId,
  pem: fc.string({ minLength: 1 }),
  subject: fc.string(),
  issuer: fc.string(),
  notBefore: isoInstant,
  notAfter: isoInstant,
  fingerprintSha256: fc.string({ minLength: 1 }),
  addedById: fc.uuid(),
  addedAt: isoInstant,
});

const record: TrustedCertificateAuthorityRecord = {
  workspaceId: 'ws-1',
  caId: 'ab'.repeat(32),
  pem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  subject: 'CN=Acme Root CA, O=Acme',
  issuer: 'CN=Acme Root CA, O=Acme',
  notBefore: '2030-01-01T00:00:00.000Z',
  notAfter: '2040-01-01T00:00:00.000Z',
  fingerprintSha256: Array.from({ length: 32 }, () => 'AB').join(':'),
  addedById: 'user-1',
  addedAt: '2030-01-02T00:00:00.000Z',
};

describe('trustedCertificateAuthorityCodec', () => {
  it('reads back every record it writes', () => {
    expectRoundTrip(trustedCertificateAuthorityCodec, recordArbitrary);
  });

  it('keys the item by workspace and fingerprint', () => {
    expect(trustedCertificateAuthorityCodec.keyOf(record)).toEqual(
      keys.trustedCertificateAuthority('ws-1', 'ab'.repeat(32)),
    );
    expect(trustedCertificateAuthorityCodec.toItem(record)).toMatchObject({
      pk: 'WS#ws-1',
      sk: `TRUSTED_CA#${'ab'.repeat(32)}`,
      entity: 'TRUSTED_CA',
    });
  });

  it('refuses an item without its PEM', () => {
    const { pem: _pem, ...item } = trustedCertificateAuthorityCodec.toItem(record);
    expect(() => trustedCertificateAuthorityCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
