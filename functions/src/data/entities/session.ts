/**
 * The session entity (ACCESS_PATTERNS.md rows 2, 4, 4a and 22; codec pattern: entity-codec.ts):
 * `pk=SESSION#<SHA-256 of the session id>`, `sk=SESSION` (the id itself is never stored), with
 * its user, when it started and when it expires, how the user signed in (method, second step,
 * device), when it was last used, the user's index entry `gsi1pk=USER#<userId>`,
 * `gsi1sk=SESSION#<hash>` (the user's sessions, sign out everywhere, account deletion), and `ttl`
 * at expiry.
 *
 * Reading: the hash comes from the key; user, start and expiry are required. Sessions stored
 * before the sign-in and last use were kept have neither: they read as null (unknown), as does a
 * method this version does not know.
 */
import * as z from 'zod';
import { epochSeconds, gsi1, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';
import { UNKNOWN_DEVICE } from '../../domain/device-description';
import { SIGN_IN_METHODS, type SignInMethod } from './two-factor-challenge';

/** The sign-in that started a session. */
export interface SessionSignIn {
  readonly method: SignInMethod;
  /** A second step was passed: the product's two-factor code, or the identity provider's own. */
  readonly secondFactor: boolean;
  /** A short description from the User-Agent (domain/device-description.ts). */
  readonly device: string;
}

export interface SessionRecord {
  readonly userId: string;
  /** When the user signed in to start this session (recent sign-in checks read it). */
  readonly createdAt: string;
  readonly expiresAt: string;
  /** Null for a session stored before sign-ins were kept. */
  readonly signIn: SessionSignIn | null;
  /** Written at most once an hour (session-records.ts touchSession); null when never written. */
  readonly lastUsedAt: string | null;
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
  signInMethod: z.enum(SIGN_IN_METHODS).optional().catch(undefined),
  secondFactor: z.boolean().optional().catch(undefined),
  device: z.string().optional().catch(undefined),
  lastUsedAt: z.string().optional().catch(undefined),
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
    ...(session.signIn && {
      signInMethod: session.signIn.method,
      secondFactor: session.signIn.secondFactor,
      device: session.signIn.device,
    }),
    ...(session.lastUsedAt !== null && { lastUsedAt: session.lastUsedAt }),
  }),

  fromItem(item) {
    const parsed = parseItem('SESSION', sessionItemSchema, item);
    const { pk, userId, createdAt, expiresAt, signInMethod } = parsed;
    return {
      sessionIdHash: requireKeyPart('SESSION', item, keyParts.sessionIdHash(pk), 'session id hash'),
      session: {
        userId,
        createdAt,
        expiresAt,
        signIn:
          signInMethod === undefined
            ? null
            : {
                method: signInMethod,
                secondFactor: parsed.secondFactor ?? false,
                device: parsed.device ?? UNKNOWN_DEVICE,
              },
        lastUsedAt: parsed.lastUsedAt ?? null,
      },
    };
  },
} satisfies EntityCodec<StoredSession, SessionItem>;
