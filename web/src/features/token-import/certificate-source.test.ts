import { resolveColumnMapping, rowInput } from '@expiry-radar/shared/domain/token-import';
import { createTokenSchema } from '@expiry-radar/shared/domain/create-token-schema';
import { certificateSource } from './certificate-source';

describe('certificateSource', () => {
  it('makes one certificate token row per certificate, valid for the create schema', () => {
    const source = certificateSource([
      {
        subject: 'CN=a.example.com',
        issuer: 'CN=CA',
        subject_alt_names: ['DNS:a.example.com'],
        serial_number: '01',
        not_before: '2026-01-01T00:00:00.000Z',
        not_after: '2031-01-01T00:00:00.000Z',
        key_algorithm: 'EC',
        key_size: 256,
        fingerprint_sha256: 'AB',
        chain_length: 1,
        token: {
          name: 'a.example.com',
          type: 'ssl_cert',
          expiresAt: '2031-01-01',
          domains: ['a.example.com', 'www.a.example.com'],
          issuer: 'CA',
          serial_number: '01',
          subject: 'CN=a.example.com',
          algorithm: 'EC',
          key_size: 256,
        },
      },
    ]);
    const mapping = resolveColumnMapping(source.columns);
    expect(Object.values(mapping).every((field) => field !== null)).toBe(true);
    const fields = createTokenSchema(() => new Date('2026-06-01')).parse(
      rowInput(source.records[0]!, mapping),
    );
    expect(fields).toMatchObject({
      name: 'a.example.com',
      category: 'cert',
      type: 'ssl_cert',
      expiresAt: '2031-01-01',
      domains: ['a.example.com', 'www.a.example.com'],
      key_size: 256,
    });
  });
});
