/**
 * The session entity (ACCESS_PATTERNS.md rows 2, 4 and 22; codec pattern: entity-codec.ts):
 * `pk=SESSION#<SHA-256 of the session id>`, `sk=SESSION` (the id itself is never stored), with
 * its user, when it started and when it expires, the user's index entry `gsi1pk=USER#<userId>`,
 * `gsi1sk=SESSION#<hash>` (sign out everywhere, account deletion), and `ttl` at expiry.
 *
 * Reading: the hash comes from the key; user, start and expiry are required.
 */
import * as z from 'zod';
import { epochSeconds, gsi1, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface SessionRecord {
  readonly userId: string;
  /** When the user signed in to start this session (recent sign-in checks read it). */
  readonly createdAt: string;
  readonly expiresAt: string;
}

/** A stored session: the hash of its id (its key) and the session. */
export interface StoredSession {
  readonly sessionIdHash: string;
  readonly session: SessionRecord;
}

export const sessionItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  userId: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ttl: z.number(),
});

export type SessionItem = z.output<typeof sessionItemSchema>;

export const sessionCodec = {
  entity: 'SESSION',
  itemSchema: sessionItemSchema,

  keyOf: ({ sessionIdHash }) => keys.session(sessionIdHash),

  toItem: ({ sessionIdHash, session }) => ({
    ...keys.session(sessionIdHash),
    ...gsi1.session(session.userId, sessionIdHash),
    userId: session.userId,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    ttl: epochSeconds(new Date(session.expiresAt)),
  }),

  fromItem(item) {
    const { pk, userId, createdAt, expiresAt } = parseItem('SESSION', sessionItemSchema, item);
    return {
      sessionIdHash: requireKeyPart('SESSION', item, keyParts.sessionIdHash(pk), 'session id hash'),
      session: { userId, createdAt, expiresAt },
    };
  },
} satisfies EntityCodec<StoredSession, SessionItem>;
