import { X509Certificate } from 'node:crypto';
import { makeCertificateChain, makeSelfSignedCertificate } from '../../test-support/certificates';
import { oneLineName, readCertificates, subjectAltNames, tokenTypeOf } from './certificate-reading';

function read(text: string) {
  const reading = readCertificates(text);
  if (reading.kind !== 'read') throw new Error(`Not read: ${reading.kind}`);
  return reading.answer;
}

describe('readCertificates', () => {
  it('describes an RSA certificate and fills the token fields from it', () => {
    const { pem } = makeSelfSignedCertificate({
      commonName: 'www.example.com',
      organization: 'Example Corp',
      altNames: 'DNS:www.example.com,DNS:Example.com,IP:192.0.2.10,email:ops@example.com',
      key: 'rsa:3072',
      days: 200,
    });
    const x509 = new X509Certificate(pem);
    const answer = read(pem);
    expect(answer.chain_certificates).toBe(0);
    expect(answer.certificates).toEqual([
      {
        subject: 'CN=www.example.com, O=Example Corp',
        issuer: 'CN=www.example.com, O=Example Corp',
        subject_alt_names: [
          'DNS:www.example.com',
          'DNS:Example.com',
          'IP Address:192.0.2.10',
          'email:ops@example.com',
        ],
        serial_number: x509.serialNumber.toUpperCase(),
        not_before: new Date(x509.validFrom).toISOString(),
        not_after: new Date(x509.validTo).toISOString(),
        key_algorithm: 'RSA',
        key_size: 3072,
        fingerprint_sha256: x509.fingerprint256,
        chain_length: 1,
        token: {
          name: 'www.example.com',
          type: 'ssl_cert',
          expiresAt: new Date(x509.validTo).toISOString().slice(0, 10),
          domains: ['www.example.com', 'example.com', '192.0.2.10'],
          issuer: 'Example Corp',
          serial_number: x509.serialNumber.toUpperCase(),
          subject: 'CN=www.example.com, O=Example Corp',
          algorithm: 'RSA',
          key_size: 3072,
        },
      },
    ]);
    expect(answer.certificates[0]!.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('reads EC and Ed25519 keys with their sizes, and the type from the extended key usage', () => {
    const ec = read(
      makeSelfSignedCertificate({
        commonName: 'signer',
        key: 'ec:P-384',
        extendedKeyUsage: 'codeSigning',
      }).pem,
    ).certificates[0]!;
    expect([ec.key_algorithm, ec.key_size, ec.token.type]).toEqual(['EC', 384, 'code_signing']);
    // No subject alternative names, and a common name that is no domain: no domains.
    expect(ec.token.domains).toEqual([]);
    const ed = read(
      makeSelfSignedCertificate({
        commonName: 'client.example.com',
        key: 'ed25519',
        extendedKeyUsage: 'clientAuth',
      }).pem,
    ).certificates[0]!;
    expect([ed.key_algorithm, ed.key_size, ed.token.type]).toEqual(['Ed25519', 256, 'client_cert']);
    // Without subject alternative names a common name that is a domain is one.
    expect(ed.token.domains).toEqual(['client.example.com']);
  });

  it('fills from the leaf of a chain, in any order, and counts the chain', () => {
    const chain = makeCertificateChain({
      commonName: 'api.example.com',
      altNames: 'DNS:api.example.com',
      key: 'ec:P-256',
    });
    for (const text of [
      chain.leaf.pem + chain.intermediate.pem + chain.root.pem,
      chain.root.pem + chain.leaf.pem + chain.intermediate.pem,
    ]) {
      const answer = read(text);
      expect(answer.chain_certificates).toBe(2);
      expect(answer.certificates).toHaveLength(1);
      expect(answer.certificates[0]).toMatchObject({
        subject: 'CN=api.example.com',
        issuer: 'CN=Test Issuing CA, O=Test Trust',
        chain_length: 3,
        token: { name: 'api.example.com', issuer: 'Test Trust', key_size: 256 },
      });
    }
    // A leaf with its intermediate only: the chain known is two long.
    expect(read(chain.leaf.pem + chain.intermediate.pem).certificates[0]!.chain_length).toBe(2);
  });

  it('answers each leaf of a bundle, in the text order', () => {
    const first = makeSelfSignedCertificate({ commonName: 'one.example.com' });
    const second = makeSelfSignedCertificate({ commonName: 'two.example.com' });
    const answer = read(`Bag Attributes\n${first.pem}\nsome text\n${second.pem}`);
    expect(answer.certificates.map((certificate) => certificate.token.name)).toEqual([
      'one.example.com',
      'two.example.com',
    ]);
    expect(answer.chain_certificates).toBe(0);
  });

  it('says when there is no certificate, or one cannot be read', () => {
    expect(readCertificates('hello')).toEqual({ kind: 'none' });
    const { pem } = makeSelfSignedCertificate({ commonName: 'x.example.com' });
    const broken = pem.replace(/\n[A-Za-z0-9+/]{64}\n/, '\n');
    expect(readCertificates(pem + broken)).toEqual({ kind: 'unreadable', position: 2 });
    expect(readCertificates(pem.repeat(201))).toEqual({ kind: 'tooMany' });
  });
});

describe('certificate helpers', () => {
  it('write names on one line and split alternative names with quoted commas', () => {
    expect(oneLineName('CN=a\nO=b\n')).toBe('CN=a, O=b');
    expect(subjectAltNames('DNS:a.com, DirName:"CN=x, O=y", IP Address:1.2.3.4')).toEqual([
      'DNS:a.com',
      'DirName:CN=x, O=y',
      'IP Address:1.2.3.4',
    ]);
    expect(subjectAltNames(undefined)).toEqual([]);
  });

  it('take the token type from the extended key usage', () => {
    expect(tokenTypeOf(undefined)).toBe('ssl_cert');
    expect(tokenTypeOf(['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2'])).toBe('ssl_cert');
    expect(tokenTypeOf(['1.3.6.1.5.5.7.3.2'])).toBe('client_cert');
    expect(tokenTypeOf(['1.3.6.1.5.5.7.3.3'])).toBe('code_signing');
  });
});
