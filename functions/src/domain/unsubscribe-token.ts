/**
 * The signed token of a one-click unsubscribe link: an address and the workspaces whose alert
 * emails it stops, or an address and the user whose weekly summary it stops, signed with
 * HMAC-SHA-256 under a key derived (HKDF-SHA-256) from the alert link key material. It never
 * expires: an old email's link keeps working. Several key materials verify (the current one
 * first, then the one before a rotation); tokens are signed with the first.
 * `v1.<payload>.<signature>`, each part base64url; the payload's fields tell the two apart.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';

const VERSION = 'v1';
const HKDF_INFO = 'expiry-radar alert unsubscribe link v1';

export interface UnsubscribeSubject {
  /** Lower case. */
  readonly address: string;
  readonly workspaceIds: readonly string[];
}

/** The weekly summary of one user, sent to their address. */
export interface WeeklySummarySubject {
  /** Lower case. */
  readonly address: string;
  readonly userId: string;
}

/** What a verified link stops. */
export type EmailLinkSubject =
  | ({ readonly kind: 'alerts' } & UnsubscribeSubject)
  | ({ readonly kind: 'weekly_summary' } & WeeklySummarySubject);

const address = z.string().min(1).max(320);
const payloadSchema = z.union([
  z.strictObject({ a: address, w: z.array(z.string().min(1).max(100)).min(1).max(100) }),
  z.strictObject({ a: address, u: z.string().min(1).max(200) }),
]);

function signatureOf(payload: string, keyMaterial: string): Buffer {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, '', HKDF_INFO, 32));
  return createHmac('sha256', key).update(`${VERSION}.${payload}`).digest();
}

function signed(fields: Record<string, unknown>, keyMaterial: string): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${VERSION}.${payload}.${signatureOf(payload, keyMaterial).toString('base64url')}`;
}

export function signUnsubscribeToken(subject: UnsubscribeSubject, keyMaterial: string): string {
  return signed(
    { a: subject.address.toLowerCase(), w: [...new Set(subject.workspaceIds)] },
    keyMaterial,
  );
}

export function signWeeklySummaryUnsubscribeToken(
  subject: WeeklySummarySubject,
  keyMaterial: string,
): string {
  return signed({ a: subject.address.toLowerCase(), u: subject.userId }, keyMaterial);
}

/** The subject of an alert-emails token signed with one of the key materials; else null. */
export function verifyUnsubscribeToken(
  token: string,
  keyMaterials: readonly string[],
): UnsubscribeSubject | null {
  const subject = verifyEmailLinkToken(token, keyMaterials);
  return subject?.kind === 'alerts'
    ? { address: subject.address, workspaceIds: subject.workspaceIds }
    : null;
}

/** What a token signed with one of the key materials stops; null when it is not one. */
export function verifyEmailLinkToken(
  token: string,
  keyMaterials: readonly string[],
): EmailLinkSubject | null {
  const [version, payload, signature, ...rest] = token.split('.');
  if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, 'base64url');
  const signed = keyMaterials.some((material) => {
    const expected = signatureOf(payload, material);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return null;
  return 'w' in parsed.data
    ? { kind: 'alerts', address: parsed.data.a, workspaceIds: parsed.data.w }
    : { kind: 'weekly_summary', address: parsed.data.a, userId: parsed.data.u };
}
