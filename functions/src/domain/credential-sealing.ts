/**
 * Integration credentials at rest, as envelopes: each is encrypted with AES-256-GCM under a data
 * key of its own, the workspace and integration ids as associated data (an envelope copied onto
 * another integration does not open), and the data key is stored wrapped by a key-encryption key
 * the table never holds: KMS in AWS, a local key material locally (adapters/credential-sealer.ts).
 * `CredentialSealer` is the port the services use.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SealingContext {
  readonly workspaceId: string;
  readonly integrationId: string;
}

export interface CredentialSealer {
  seal(plaintext: string, context: SealingContext): Promise<string>;
  open(envelope: string, context: SealingContext): Promise<string>;
}

/** Which key wrapped the data key: a KMS key, or the local key material. */
export type KeyWrapping = 'kms' | 'local';

export interface Envelope {
  readonly wrapping: KeyWrapping;
  readonly wrappedKey: Buffer;
  readonly nonce: Buffer;
  readonly ciphertext: Buffer;
  readonly tag: Buffer;
}

const VERSION = 'env1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

export class CredentialEnvelopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialEnvelopeError';
  }
}

/** The associated data of a context: binds the envelope to its integration. */
export function contextBytes(context: SealingContext): Buffer {
  return Buffer.from(`${context.workspaceId}/${context.integrationId}`, 'utf8');
}

/** AES-256-GCM of `plaintext` under `key` with `associatedData`, a random nonce. */
export function encryptWithKey(
  plaintext: Buffer,
  key: Buffer,
  associatedData: Buffer,
): { nonce: Buffer; ciphertext: Buffer; tag: Buffer } {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { nonce, ciphertext, tag: cipher.getAuthTag() };
}

export function decryptWithKey(
  parts: { nonce: Buffer; ciphertext: Buffer; tag: Buffer },
  key: Buffer,
  associatedData: Buffer,
): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, parts.nonce);
    decipher.setAAD(associatedData);
    decipher.setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
  } catch {
    throw new CredentialEnvelopeError('The credentials do not open with this key and context');
  }
}

/** `env1.<wrapping>.<wrapped key>.<nonce>.<ciphertext>.<tag>`, the binary parts base64url. */
export function formatEnvelope(envelope: Envelope): string {
  return [
    VERSION,
    envelope.wrapping,
    envelope.wrappedKey.toString('base64url'),
    envelope.nonce.toString('base64url'),
    envelope.ciphertext.toString('base64url'),
    envelope.tag.toString('base64url'),
  ].join('.');
}

export function parseEnvelope(text: string): Envelope {
  const [version, wrapping, wrappedKey, nonce, ciphertext, tag, ...rest] = text.split('.');
  if (
    version !== VERSION ||
    (wrapping !== 'kms' && wrapping !== 'local') ||
    !wrappedKey ||
    !nonce ||
    ciphertext === undefined ||
    !tag ||
    rest.length > 0
  ) {
    throw new CredentialEnvelopeError('Not a credential envelope');
  }
  const parsed = {
    wrapping,
    wrappedKey: Buffer.from(wrappedKey, 'base64url'),
    nonce: Buffer.from(nonce, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
  } as const;
  if (parsed.nonce.length !== NONCE_BYTES || parsed.tag.length !== TAG_BYTES) {
    throw new CredentialEnvelopeError('Not a credential envelope');
  }
  return parsed;
}

/** Seals with a fresh data key, given in clear and as wrapped by KMS or the local key. */
export function sealEnvelope(
  plaintext: string,
  context: SealingContext,
  dataKey: { plaintext: Buffer; wrapped: Buffer; wrapping: KeyWrapping },
): string {
  const parts = encryptWithKey(
    Buffer.from(plaintext, 'utf8'),
    dataKey.plaintext,
    contextBytes(context),
  );
  return formatEnvelope({ wrapping: dataKey.wrapping, wrappedKey: dataKey.wrapped, ...parts });
}
