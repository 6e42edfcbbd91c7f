/**
 * The address claim entity (ACCESS_PATTERNS.md rows 3, 19, 20 and 22; codec pattern:
 * entity-codec.ts): `pk=EMAIL#<lower-cased email>`, `sk=EMAIL`, holding the user the address
 * belongs to, so an address is unique without regard to case; written with
 * `attribute_not_exists(pk)` in the transaction that creates the account or moves it to the
 * address. The user's index entry `gsi1pk=USER#<userId>`, `gsi1sk=EMAIL#<email>` lets account
 * deletion find it.
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface EmailClaimRecord {
  /** As the user gave it; the key holds it lower-cased. */
  readonly email: string;
  readonly userId: string;
  /** ISO instant. */
  readonly createdAt: string;
}

export const emailClaimItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  userId: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

export type EmailClaimItem = z.output<typeof emailClaimItemSchema>;

export const emailClaimCodec = {
  entity: 'EMAIL_CLAIM',
  itemSchema: emailClaimItemSchema,

  keyOf: ({ email }) => keys.userEmail(email),

  toItem: ({ email, userId, createdAt }) => ({
    ...keys.userEmail(email),
    ...gsi1.userEmail(userId, email),
    userId,
    email,
    createdAt,
  }),

  fromItem(item) {
    const { email, userId, createdAt } = parseItem('EMAIL_CLAIM', emailClaimItemSchema, item);
    return { email, userId, createdAt };
  },
} satisfies EntityCodec<EmailClaimRecord, EmailClaimItem>;
