/**
 * The emailed-link token entity (ACCESS_PATTERNS.md rows 5 and 22; codec pattern:
 * entity-codec.ts): a single-use email verification or password reset token,
 * `pk=ACCOUNT_TOKEN#<SHA-256 of the token>`, `sk=ACCOUNT_TOKEN` (the token itself is never
 * stored), with its purpose, user, the address the link went to, for a verification link the app
 * path it leads to once used (`redirect`, when the user was headed somewhere), creation and expiry
 * (and `ttl`), and the user's index entry `gsi1pk=USER#<userId>`, `gsi1sk=ACCOUNT_TOKEN#<hash>` (revoking a
 * user's links, account deletion).
 *
 * Reading: the hash comes from the key; every attribute but `redirect` is required.
 */
import * as z from 'zod';
import { epochSeconds, gsi1, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export interface AccountTokenRecord {
  readonly purpose: AccountTokenPurpose;
  readonly userId: string;
  /** The address the link was sent to. */
  readonly email: string;
  /** Verification links: the app path to land on once verified, if the user was headed to one. */
  readonly redirect?: string;
}

export interface StoredAccountToken {
  readonly tokenHash: string;
  readonly token: AccountTokenRecord;
  /** ISO instants. */
  readonly createdAt: string;
  readonly expiresAt: string;
}

export const accountTokenItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  purpose: z.enum(ACCOUNT_TOKEN_PURPOSES),
  userId: z.string(),
  email: z.string(),
  redirect: z.string().optional(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ttl: z.number(),
});

export type AccountTokenItem = z.output<typeof accountTokenItemSchema>;

export const accountTokenCodec = {
  entity: 'ACCOUNT_TOKEN',
  itemSchema: accountTokenItemSchema,

  keyOf: ({ tokenHash }) => keys.accountToken(tokenHash),

  toItem: ({ tokenHash, token, createdAt, expiresAt }) => ({
    ...keys.accountToken(tokenHash),
    ...gsi1.accountToken(token.userId, tokenHash),
    purpose: token.purpose,
    userId: token.userId,
    email: token.email,
    ...(token.redirect ? { redirect: token.redirect } : {}),
    createdAt,
    expiresAt,
    ttl: epochSeconds(new Date(expiresAt)),
  }),

  fromItem(item) {
    const parsed = parseItem('ACCOUNT_TOKEN', accountTokenItemSchema, item);
    return {
      tokenHash: requireKeyPart(
        'ACCOUNT_TOKEN',
        item,
        keyParts.accountTokenHash(parsed.pk),
        'token hash',
      ),
      token: {
        purpose: parsed.purpose,
        userId: parsed.userId,
        email: parsed.email,
        ...(parsed.redirect === undefined ? {} : { redirect: parsed.redirect }),
      },
      createdAt: parsed.createdAt,
      expiresAt: parsed.expiresAt,
    };
  },
} satisfies EntityCodec<StoredAccountToken, AccountTokenItem>;
