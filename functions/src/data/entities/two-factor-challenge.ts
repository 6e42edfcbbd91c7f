/**
 * The pending sign-in entity (ACCESS_PATTERNS.md row 44; codec pattern: entity-codec.ts): a
 * sign-in whose password (or Google) step passed and that waits for its second factor.
 * `pk=TWO_FACTOR_CHALLENGE#<SHA-256 of the cookie value>`, `sk=TWO_FACTOR_CHALLENGE` (the value
 * itself is never stored), with its user, how the first step signed in, the app path to return
 * to, when it started and when it expires, the user's index entry `gsi1pk=USER#<userId>`,
 * `gsi1sk=TWO_FACTOR_CHALLENGE#<hash>`, and `ttl` at expiry. It is no session: nothing but the
 * second step reads it.
 *
 * Reading: the hash comes from the key; user, method, start and expiry are required.
 */
import * as z from 'zod';
import { epochSeconds, gsi1, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export const SIGN_IN_METHODS = ['password', 'google', 'sso'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export interface TwoFactorChallengeRecord {
  readonly userId: string;
  readonly method: SignInMethod;
  /** Google sign-in: the app path to go to once signed in; null for none. */
  readonly redirect: string | null;
  readonly createdAt: string;
  readonly expiresAt: string;
}

export interface StoredTwoFactorChallenge {
  readonly challengeHash: string;
  readonly challenge: TwoFactorChallengeRecord;
}

export const twoFactorChallengeItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  userId: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  redirect: z.string().optional(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ttl: z.number(),
});

export type TwoFactorChallengeItem = z.output<typeof twoFactorChallengeItemSchema>;

export const twoFactorChallengeCodec = {
  entity: 'TWO_FACTOR_CHALLENGE',
  itemSchema: twoFactorChallengeItemSchema,

  keyOf: ({ challengeHash }) => keys.twoFactorChallenge(challengeHash),

  toItem: ({ challengeHash, challenge }) => ({
    ...keys.twoFactorChallenge(challengeHash),
    ...gsi1.twoFactorChallenge(challenge.userId, challengeHash),
    userId: challenge.userId,
    method: challenge.method,
    ...(challenge.redirect === null ? {} : { redirect: challenge.redirect }),
    createdAt: challenge.createdAt,
    expiresAt: challenge.expiresAt,
    ttl: epochSeconds(new Date(challenge.expiresAt)),
  }),

  fromItem(item) {
    const parsed = parseItem('TWO_FACTOR_CHALLENGE', twoFactorChallengeItemSchema, item);
    return {
      challengeHash: requireKeyPart(
        'TWO_FACTOR_CHALLENGE',
        item,
        keyParts.twoFactorChallengeHash(parsed.pk),
        'challenge hash',
      ),
      challenge: {
        userId: parsed.userId,
        method: parsed.method,
        redirect: parsed.redirect ?? null,
        createdAt: parsed.createdAt,
        expiresAt: parsed.expiresAt,
      },
    };
  },
} satisfies EntityCodec<StoredTwoFactorChallenge, TwoFactorChallengeItem>;
