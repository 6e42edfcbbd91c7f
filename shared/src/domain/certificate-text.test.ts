import { parseCertificateBody } from '../api/certificate-api-schemas';
import {
  CERTIFICATE_TEXT_MAX_LENGTH,
  PRIVATE_KEY_MESSAGE,
  certificateFileText,
  holdsPrivateKey,
} from './certificate-text';

const armour = (label: string) => `-----BEGIN ${label}-----\nMIIE\n-----END ${label}-----\n`;

describe('private keys', () => {
  it.each([
    'PRIVATE KEY',
    'RSA PRIVATE KEY',
    'EC PRIVATE KEY',
    'DSA PRIVATE KEY',
    'ENCRYPTED PRIVATE KEY',
    'OPENSSH PRIVATE KEY',
  ])('are found in %s armour, also beside a certificate', (label) => {
    expect(holdsPrivateKey(armour(label))).toBe(true);
    expect(holdsPrivateKey(armour('CERTIFICATE') + armour(label))).toBe(true);
  });

  it('are found in PuTTY key files; certificates and public keys are not keys', () => {
    expect(holdsPrivateKey('PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n')).toBe(true);
    expect(holdsPrivateKey(armour('CERTIFICATE') + armour('PUBLIC KEY'))).toBe(false);
  });

  it('are refused by the request schema with the message, like blank and too long text', () => {
    const refusal = (pem: string) =>
      parseCertificateBody.safeParse({ pem }).error?.issues[0]?.message;
    expect(refusal(armour('PRIVATE KEY'))).toBe(PRIVATE_KEY_MESSAGE);
    expect(refusal(' \n')).toBe('Paste a certificate or choose a file');
    expect(refusal('x'.repeat(CERTIFICATE_TEXT_MAX_LENGTH + 1))).toBe(
      'Certificate text must be 500,000 characters or less',
    );
    expect(parseCertificateBody.safeParse({ pem: armour('CERTIFICATE') }).success).toBe(true);
  });
});

describe('certificateFileText', () => {
  it('keeps PEM text and armours DER bytes', () => {
    const pem = armour('CERTIFICATE');
    expect(certificateFileText(new TextEncoder().encode(pem))).toBe(pem);
    const der = new Uint8Array(100).map((_, index) => index);
    const text = certificateFileText(der);
    const lines = text.split('\n');
    expect(lines[0]).toBe('-----BEGIN CERTIFICATE-----');
    expect(lines[1]).toHaveLength(64);
    expect(Buffer.from(lines.slice(1, -2).join(''), 'base64')).toEqual(Buffer.from(der));
    expect(lines.at(-2)).toBe('-----END CERTIFICATE-----');
  });
});
