/**
 * What may be sent to be read as certificates: PEM text (one or more `-----BEGIN CERTIFICATE-----`
 * blocks, a chain or a bundle), never a private key. A private key pasted by mistake is refused
 * by the web before anything is sent, and by the server's request schema without being read
 * further, stored or logged.
 */
import { countText } from './count-text';

/** PEM armour of any private key: PKCS#1, PKCS#8 (also encrypted), SEC1, DSA, OpenSSH. */
const PRIVATE_KEY_ARMOUR = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;
/** PuTTY's key files, which hold a private key without PEM armour. */
const PUTTY_PRIVATE_KEY = /^PuTTY-User-Key-File-\d+:/m;

export const PRIVATE_KEY_MESSAGE =
  'This is a private key. Paste only the certificate (the -----BEGIN CERTIFICATE----- block); private keys are never accepted.';

export const CERTIFICATE_TEXT_MAX_LENGTH = 500_000;
export const CERTIFICATE_TEXT_TOO_LONG = `Certificate text must be ${countText(CERTIFICATE_TEXT_MAX_LENGTH)} characters or less`;
export const CERTIFICATE_TEXT_REQUIRED = 'Paste a certificate or choose a file';
/** The most certificates one request reads. */
export const CERTIFICATES_MAX_COUNT = 200;

export function holdsPrivateKey(text: string): boolean {
  return PRIVATE_KEY_ARMOUR.test(text) || PUTTY_PRIVATE_KEY.test(text);
}

const PEM_CERTIFICATE = /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----/;

/**
 * A file's bytes as text to send: PEM as it is; anything else is taken for one DER certificate
 * (a binary .cer or .crt) and armoured as PEM.
 */
export function certificateFileText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (PEM_CERTIFICATE.test(text) || holdsPrivateKey(text) || text.includes('-----BEGIN')) {
    return text;
  }
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64 = btoa(binary);
  const lines = base64.match(/.{1,64}/g) ?? [];
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----', ''].join('\n');
}
