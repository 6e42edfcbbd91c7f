/**
 * The alert action entity (ACCESS_PATTERNS.md row 67; codec pattern: entity-codec.ts): what was
 * done about a token's alerts for one expiry, `pk=WS#<workspaceId>`, `sk=ALERT_ACTION#<tokenId>`,
 * one per token (the latest replaces the one before). It holds for the expiry it names only: a
 * token with another expiry (renewed) alerts as its thresholds say. Expires from the table (`ttl`)
 * 30 days after that expiry, and goes with the workspace's other items.
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import {
  ALERT_ACTION_KINDS,
  type AlertActionKind,
} from '@expiry-radar/shared/api/alert-action-api-schemas';
import { epochSeconds, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

const TTL_AFTER_EXPIRY_MS = 30 * 86_400_000;

/** Who did it: a member (their id and address), a recipient's address, or a webhook's name. */
export interface AlertActionActor {
  readonly userId: string | null;
  readonly email: string | null;
  /** A webhook's name when the link came in a webhook's message, or PagerDuty's back-channel. */
  readonly webhook: string | null;
  readonly via: 'link' | 'web' | 'pagerduty' | 'slack';
}

export interface AlertAction {
  readonly workspaceId: string;
  readonly tokenId: string;
  /** The token's expiry it holds for, as stored on the token. */
  readonly expiresAt: string;
  readonly kind: AlertActionKind;
  /** Snoozed: `YYYY-MM-DD`, no alert before that day (UTC); else null. */
  readonly snoozedUntil: string | null;
  /** Renewed: the new expiry; null when a monitored certificate's endpoint check was asked for. */
  readonly renewedExpiresAt: string | null;
  readonly actor: AlertActionActor;
  /** ISO instant. */
  readonly at: string;
}

export const alertActionItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('ALERT_ACTION'),
  workspaceId: z.string(),
  tokenId: z.string(),
  expiresAt: z.string(),
  kind: z.enum(ALERT_ACTION_KINDS),
  snoozedUntil: z.string().nullable(),
  renewedExpiresAt: z.string().nullable(),
  actor: z.object({
    userId: z.string().nullable(),
    email: z.string().nullable(),
    webhook: z.string().nullable(),
    via: z.enum(['link', 'web', 'pagerduty', 'slack']),
  }),
  at: z.string(),
  ttl: z.number(),
});

export type AlertActionItem = z.output<typeof alertActionItemSchema>;

function ttlOf(action: AlertAction): number {
  const expiry = Date.parse(action.renewedExpiresAt ?? action.expiresAt);
  const base = Number.isNaN(expiry) ? Date.parse(action.at) : expiry;
  return epochSeconds(new Date(base + TTL_AFTER_EXPIRY_MS));
}

export const alertActionCodec = {
  entity: 'ALERT_ACTION',
  itemSchema: alertActionItemSchema,

  keyOf: ({ workspaceId, tokenId }) => keys.alertAction(workspaceId, tokenId),

  toItem: (action) => ({
    ...keys.alertAction(action.workspaceId, action.tokenId),
    entity: 'ALERT_ACTION',
    workspaceId: action.workspaceId,
    tokenId: action.tokenId,
    expiresAt: action.expiresAt,
    kind: action.kind,
    snoozedUntil: action.snoozedUntil,
    renewedExpiresAt: action.renewedExpiresAt,
    actor: { ...action.actor },
    at: action.at,
    ttl: ttlOf(action),
  }),

  fromItem(item) {
    const parsed = parseItem('ALERT_ACTION', alertActionItemSchema, item);
    return {
      workspaceId: parsed.workspaceId,
      tokenId: parsed.tokenId,
      expiresAt: parsed.expiresAt,
      kind: parsed.kind,
      snoozedUntil: parsed.snoozedUntil,
      renewedExpiresAt: parsed.renewedExpiresAt,
      actor: parsed.actor,
      at: parsed.at,
    };
  },
} satisfies EntityCodec<AlertAction, AlertActionItem>;
