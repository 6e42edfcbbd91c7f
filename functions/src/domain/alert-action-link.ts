/**
 * The signed token of an alert's action link (acknowledge, snooze, renewed): who it was sent to,
 * the token and the expiry it is about, the action, when it was issued and a random id that makes
 * each link work once. HMAC-SHA-256 under a key derived (HKDF-SHA-256, its own label) from the
 * alert link key material, so it never verifies as an unsubscribe link and the other way round
 * (the envelope: signed-link.ts). Valid for LINK_VALIDITY_DAYS after it was issued.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import {
  ALERT_LINK_ACTIONS,
  type AlertLinkAction,
} from '@expiry-radar/shared/api/alert-action-api-schemas';
import { openSignedLink, signLink, type SignedLinkKind } from './signed-link';

export const LINK_VALIDITY_DAYS = 14;
const DAY_MS = 86_400_000;

export interface AlertActionLinkClaims {
  /** A lower-cased address, or `webhook:<name>` for a webhook's message. */
  readonly recipient: string;
  readonly workspaceId: string;
  readonly tokenId: string;
  /** The token's expiry the alert was about, as stored. */
  readonly expiresAt: string;
  readonly action: AlertLinkAction;
  /** A snooze link's length; null: until a date picked on the page. */
  readonly snoozeDays: number | null;
  /** ISO instant. */
  readonly issuedAt: string;
  /** Random; a link used once is refused after (data/alert-action-records). */
  readonly linkId: string;
}

const WEBHOOK_RECIPIENT_PREFIX = 'webhook:';

/** The recipient of a webhook channel's links. */
export function webhookRecipient(channelName: string): string {
  return `${WEBHOOK_RECIPIENT_PREFIX}${channelName}`;
}

/** The webhook's name for a webhook recipient; null for an address. */
export function webhookNameOf(recipient: string): string | null {
  return recipient.startsWith(WEBHOOK_RECIPIENT_PREFIX)
    ? recipient.slice(WEBHOOK_RECIPIENT_PREFIX.length)
    : null;
}

const payloadSchema = z.strictObject({
  r: z.string().min(1).max(400),
  w: z.string().min(1).max(100),
  t: z.string().min(1).max(200),
  e: z.string().min(1).max(40),
  a: z.enum(ALERT_LINK_ACTIONS),
  d: z.number().int().min(1).max(365).nullable(),
  i: z.iso.datetime(),
  n: z.string().min(16).max(64),
});

const ACTION_LINK: SignedLinkKind<typeof payloadSchema> = {
  version: 'a1',
  keyLabel: 'expiry-radar alert action link v1',
  schema: payloadSchema,
};

/** A new link's claims: issued now, with a fresh random id. */
export function newLinkClaims(
  subject: Omit<AlertActionLinkClaims, 'issuedAt' | 'linkId'>,
  now: Date,
): AlertActionLinkClaims {
  return {
    ...subject,
    recipient:
      webhookNameOf(subject.recipient) === null
        ? subject.recipient.toLowerCase()
        : subject.recipient,
    issuedAt: now.toISOString(),
    linkId: randomBytes(16).toString('base64url'),
  };
}

export function signAlertActionLink(claims: AlertActionLinkClaims, keyMaterial: string): string {
  const fields: z.input<typeof payloadSchema> = {
    r: claims.recipient,
    w: claims.workspaceId,
    t: claims.tokenId,
    e: claims.expiresAt,
    a: claims.action,
    d: claims.snoozeDays,
    i: claims.issuedAt,
    n: claims.linkId,
  };
  return signLink(ACTION_LINK, fields, keyMaterial);
}

/**
 * The claims of a link signed with one of the key materials; null when it is not one (forged,
 * changed, or not an action link). Whether it is still valid is `linkExpiry`'s to say.
 */
export function verifyAlertActionLink(
  token: string,
  keyMaterials: readonly string[],
): AlertActionLinkClaims | null {
  const parsed = openSignedLink(ACTION_LINK, token, keyMaterials);
  if (!parsed) return null;
  const { r, w, t, e, a, d, i, n } = parsed;
  return {
    recipient: r,
    workspaceId: w,
    tokenId: t,
    expiresAt: e,
    action: a,
    snoozeDays: d,
    issuedAt: i,
    linkId: n,
  };
}

/** When a link stops working. */
export function linkExpiry(claims: Pick<AlertActionLinkClaims, 'issuedAt'>): Date {
  return new Date(Date.parse(claims.issuedAt) + LINK_VALIDITY_DAYS * DAY_MS);
}
