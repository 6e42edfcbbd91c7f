/**
 * The token entity (ACCESS_PATTERNS.md rows 9–14; codec pattern: entity-codec.ts).
 * `pk=WS#<workspaceId>`, `sk=TOKEN#<tokenId>`; the API fields (shared/domain/token) as
 * attributes; the gsi2 (expiry) and gsi3 (name) keys of its workspace and category;
 * `sectionKey` (the section, or `__none__`) for section filters; and its alert schedule:
 * `dueShard` and `nextAlertAt` (the sparse due-alerts index, absent when no window is left) and
 * the window last alerted (`lastAlertExpiresAt`, `lastAlertThreshold`, absent before the first;
 * `lastAlertEscalated: true` once its escalation was sent, absent otherwise).
 *
 * Reading: every API field is required except the nullable ones, which read as null when the
 * attribute is missing, and `domains`, which reads as [] when missing.
 */
import * as z from 'zod';
import { tokenSchema, type Token } from '@expiry-radar/shared/domain/token';
import type { TokenSort } from '@expiry-radar/shared/domain/token-list';
import { dueShardOf, type LastAlert } from '../../domain/alert-schedule';
import { sectionKey } from '../../domain/token-counters';
import { usesNameIndex } from '../../domain/token-search';
import { keys, tokenIndexKeys } from '../keys';
import type { TableItem } from '../table-operations';
import { MalformedItemError, parseItem, type EntityCodec } from './entity-codec';

export interface TokenAlertSchedule {
  /** ISO instant; null: no window left (the token leaves the due-alerts index). */
  readonly nextAlertAt: string | null;
  readonly lastAlert: LastAlert | null;
}

export const NO_ALERT_SCHEDULE: TokenAlertSchedule = { nextAlertAt: null, lastAlert: null };

/** A stored token: the API token and the alert schedule its item carries. */
export interface TokenRecord {
  readonly token: Token;
  readonly schedule: TokenAlertSchedule;
}

const { shape } = tokenSchema;

const lastAlertAttributes = z.object({
  lastAlertExpiresAt: z.string().optional(),
  lastAlertThreshold: z.number().optional(),
  lastAlertEscalated: z.boolean().optional().catch(undefined),
});

/** The token's API fields as its item stores them (what `TOKEN_FIELDS_PROJECTION` reads). */
const tokenFieldsSchema = tokenSchema.extend({
  section: shape.section.default(null),
  domains: shape.domains.default([]),
  location: shape.location.default(null),
  used_by: shape.used_by.default(null),
  contact_group_id: shape.contact_group_id.default(null),
  issuer: shape.issuer.default(null),
  serial_number: shape.serial_number.default(null),
  subject: shape.subject.default(null),
  key_size: shape.key_size.default(null),
  algorithm: shape.algorithm.default(null),
  license_type: shape.license_type.default(null),
  vendor: shape.vendor.default(null),
  cost: shape.cost.default(null),
  renewal_url: shape.renewal_url.default(null),
  renewal_date: shape.renewal_date.default(null),
  contacts: shape.contacts.default(null),
  description: shape.description.default(null),
  notes: shape.notes.default(null),
});

export const tokenItemSchema = tokenFieldsSchema
  .extend({
    pk: z.string(),
    sk: z.string(),
    entity: z.literal('TOKEN'),
    gsi2pk: z.string(),
    gsi2sk: z.string(),
    gsi3pk: z.string(),
    gsi3sk: z.string(),
    sectionKey: z.string(),
    dueShard: z.string().optional(),
    nextAlertAt: z.string().optional(),
  })
  .extend(lastAlertAttributes.shape);

export type TokenItem = z.output<typeof tokenItemSchema>;

function scheduleAttributes(tokenId: string, schedule: TokenAlertSchedule) {
  return {
    ...(schedule.nextAlertAt === null
      ? {}
      : { dueShard: dueShardOf(tokenId), nextAlertAt: schedule.nextAlertAt }),
    ...(schedule.lastAlert === null
      ? {}
      : {
          lastAlertExpiresAt: schedule.lastAlert.expiresAt,
          lastAlertThreshold: schedule.lastAlert.threshold,
          ...(schedule.lastAlert.escalated ? { lastAlertEscalated: true } : {}),
        }),
  };
}

function lastAlertOf(attributes: z.output<typeof lastAlertAttributes>): LastAlert | null {
  const { lastAlertExpiresAt: expiresAt, lastAlertThreshold: threshold } = attributes;
  if (expiresAt === undefined || threshold === undefined) return null;
  return attributes.lastAlertEscalated === true
    ? { expiresAt, threshold, escalated: true }
    : { expiresAt, threshold };
}

export const tokenCodec = {
  entity: 'TOKEN',
  itemSchema: tokenItemSchema,

  keyOf: ({ token }) => keys.token(token.workspace_id, token.id),

  toItem: ({ token, schedule }) => ({
    ...scheduleAttributes(token.id, schedule),
    ...keys.token(token.workspace_id, token.id),
    entity: 'TOKEN',
    gsi2pk: tokenIndexKeys.partition(token.workspace_id, token.category),
    gsi2sk: tokenIndexKeys.byExpiry(token.expiresAt, token.id),
    gsi3pk: tokenIndexKeys.partition(token.workspace_id, token.category),
    gsi3sk: tokenIndexKeys.byName(token.name, token.id),
    sectionKey: sectionKey(token.section),
    ...token,
  }),

  fromItem(item) {
    const {
      pk: _pk,
      sk: _sk,
      entity: _entity,
      gsi2pk: _gsi2pk,
      gsi2sk: _gsi2sk,
      gsi3pk: _gsi3pk,
      gsi3sk: _gsi3sk,
      sectionKey: _sectionKey,
      dueShard: _dueShard,
      nextAlertAt,
      lastAlertExpiresAt,
      lastAlertThreshold,
      lastAlertEscalated,
      ...token
    } = parseItem('TOKEN', tokenItemSchema, item);
    return {
      token,
      schedule: {
        nextAlertAt: nextAlertAt ?? null,
        lastAlert: lastAlertOf({ lastAlertExpiresAt, lastAlertThreshold, lastAlertEscalated }),
      },
    };
  },
} satisfies EntityCodec<TokenRecord, TokenItem>;

/** What `lastAlertFromItem` reads: a ProjectionExpression for nothing else. */
export const LAST_ALERT_PROJECTION = 'lastAlertExpiresAt, lastAlertThreshold, lastAlertEscalated';

/** The window a token was last alerted for, from an item read with LAST_ALERT_PROJECTION. */
export function lastAlertFromItem(item: TableItem): LastAlert | null {
  return lastAlertOf(parseItem('TOKEN', lastAlertAttributes, item));
}

/**
 * What a page of the token list reads of each token: its API fields, without the keys, index
 * keys and alert schedule that make up about half of its item (a ProjectionExpression, with
 * TOKEN_FIELDS_NAMES: several of the fields are DynamoDB reserved words).
 */
export const TOKEN_FIELDS_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(tokenFieldsSchema.shape).map((field) => [`#${field}`, field]),
);
export const TOKEN_FIELDS_PROJECTION = Object.keys(TOKEN_FIELDS_NAMES).join(', ');

/** The token of an item read with TOKEN_FIELDS_PROJECTION. */
export function tokenFromFieldsItem(item: TableItem): Token {
  return parseItem('TOKEN', tokenFieldsSchema, item);
}

/**
 * The sort key of the index a sort reads (gsi3 by name, gsi2 by expiry), as the token's item
 * holds it: lists merge and sort by these keys in the order DynamoDB returns them.
 */
export function tokenIndexSortKey(token: Token, sort: TokenSort): string {
  return usesNameIndex(sort)
    ? tokenIndexKeys.byName(token.name, token.id)
    : tokenIndexKeys.byExpiry(token.expiresAt, token.id);
}

/**
 * The tokens of items read, by id; an item that is not a token is handed to `onMalformed` and
 * left out (one broken item does not stop the work on the others).
 */
export function tokensOfItems(
  items: readonly TableItem[],
  onMalformed: (error: MalformedItemError) => void,
): Map<string, Token> {
  const tokens = new Map<string, Token>();
  for (const item of items) {
    try {
      const { token } = tokenCodec.fromItem(item);
      tokens.set(token.id, token);
    } catch (error) {
      if (!(error instanceof MalformedItemError)) throw error;
      onMalformed(error);
    }
  }
  return tokens;
}
