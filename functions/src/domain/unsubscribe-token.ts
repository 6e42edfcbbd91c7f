/**
 * The signed token of a one-click unsubscribe link: an address and the workspaces whose alert
 * emails it stops, or an address and the user whose weekly summary it stops, signed with
 * HMAC-SHA-256 under a key derived (HKDF-SHA-256) from the alert link key material (the envelope:
 * signed-link.ts). It never expires: an old email's link keeps working. The payload's fields tell
 * the two apart.
 */
import * as z from 'zod';
import { openSignedLink, signLink, type SignedLinkKind } from './signed-link';

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

const UNSUBSCRIBE_LINK: SignedLinkKind<typeof payloadSchema> = {
  version: 'v1',
  keyLabel: 'expiry-radar alert unsubscribe link v1',
  schema: payloadSchema,
};

function signed(fields: z.input<typeof payloadSchema>, keyMaterial: string): string {
  return signLink(UNSUBSCRIBE_LINK, fields, keyMaterial);
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
  const payload = openSignedLink(UNSUBSCRIBE_LINK, token, keyMaterials);
  if (!payload) return null;
  return 'w' in payload
    ? { kind: 'alerts', address: payload.a, workspaceIds: payload.w }
    : { kind: 'weekly_summary', address: payload.a, userId: payload.u };
}
