/**
 * Authenticated encryption of small secrets at rest (TOTP secrets): AES-256-GCM under a key
 * derived with HKDF-SHA-256 from the configured key material, a random 96-bit nonce per box, and
 * the owner's id as associated data, so a box copied onto another user's item does not open.
 * Several key materials may be given to open a box (the current one first, then the one before a
 * rotation); boxes are always sealed with the first.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_INFO = 'expiry-radar two-factor secret v1';

function keyOf(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, '', HKDF_INFO, 32));
}

/** `v1.<nonce>.<ciphertext>.<tag>`, each part base64url. */
export function sealSecret(plaintext: string, keyMaterial: string, owner: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyMaterial), nonce);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** The plaintext of a box sealed for `owner` with one of the key materials. */
export function openSecret(box: string, keyMaterials: readonly string[], owner: string): string {
  const [version, nonce, ciphertext, tag, ...rest] = box.split('.');
  if (version !== VERSION || !nonce || ciphertext === undefined || !tag || rest.length > 0) {
    throw new SecretBoxError('Not a sealed secret');
  }
  const tagBytes = Buffer.from(tag, 'base64url');
  const nonceBytes = Buffer.from(nonce, 'base64url');
  if (tagBytes.length !== TAG_BYTES || nonceBytes.length !== NONCE_BYTES) {
    throw new SecretBoxError('Not a sealed secret');
  }
  for (const material of keyMaterials) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(material), nonceBytes);
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Not this key (or tampered with): try the next one.
    }
  }
  throw new SecretBoxError('The secret does not open with any configured key');
}
