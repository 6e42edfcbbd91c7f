import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit secret, URL-safe: session ids, CSRF tokens, verification links. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Secrets are stored only as their SHA-256: a leaked table does not leak usable sessions.
 * A fast hash is right here because the input is 256 random bits, not a password.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
