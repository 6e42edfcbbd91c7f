/**
 * The envelope of the app's signed email links (one-click unsubscribe, alert actions):
 * `<version>.<payload>.<signature>`, each part base64url. The payload is JSON; the signature is
 * HMAC-SHA-256 over `<version>.<payload>` under a key derived (HKDF-SHA-256) from the alert link
 * key material with a label of the link kind's own, so that a link of one kind never verifies as
 * another. Several key materials verify (the current one first, then the one before a rotation);
 * links are signed with the first.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type * as z from 'zod';

export interface SignedLinkKind<Schema extends z.ZodType> {
  /** The token's first part, which tells the kinds (and their versions) apart. */
  readonly version: string;
  /** The HKDF label of the kind's signing key. */
  readonly keyLabel: string;
  /** The payload's fields. */
  readonly schema: Schema;
}

function signatureOf(kind: SignedLinkKind<z.ZodType>, payload: string, keyMaterial: string) {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, '', kind.keyLabel, 32));
  return createHmac('sha256', key).update(`${kind.version}.${payload}`).digest();
}

export function signLink<Schema extends z.ZodType>(
  kind: SignedLinkKind<Schema>,
  fields: z.input<Schema>,
  keyMaterial: string,
): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${kind.version}.${payload}.${signatureOf(kind, payload, keyMaterial).toString('base64url')}`;
}

/** The payload of a link of `kind` signed with one of the key materials; null for any other. */
export function openSignedLink<Schema extends z.ZodType>(
  kind: SignedLinkKind<Schema>,
  token: string,
  keyMaterials: readonly string[],
): z.output<Schema> | null {
  const [version, payload, signature, ...rest] = token.split('.');
  if (version !== kind.version || !payload || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, 'base64url');
  const signed = keyMaterials.some((material) => {
    const expected = signatureOf(kind, payload, material);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = kind.schema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}
