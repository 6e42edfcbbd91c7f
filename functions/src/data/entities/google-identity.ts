/**
 * The Google link entity (ACCESS_PATTERNS.md rows 19, 22 and 25; codec pattern:
 * entity-codec.ts): `pk=GOOGLE#<subject>`, `sk=GOOGLE`, the user a Google account (its stable
 * subject) signs in as, with the user's index entry `gsi1pk=USER#<userId>`,
 * `gsi1sk=GOOGLE#<subject>` (account deletion).
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface GoogleIdentityRecord {
  /** Google's subject (`sub`) of the account. */
  readonly subject: string;
  readonly userId: string;
  /** ISO instant. */
  readonly createdAt: string;
}

export const googleIdentityItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  userId: z.string(),
  subject: z.string(),
  createdAt: z.string(),
});

export type GoogleIdentityItem = z.output<typeof googleIdentityItemSchema>;

export const googleIdentityCodec = {
  entity: 'GOOGLE_IDENTITY',
  itemSchema: googleIdentityItemSchema,

  keyOf: ({ subject }) => keys.googleIdentity(subject),

  toItem: ({ subject, userId, createdAt }) => ({
    ...keys.googleIdentity(subject),
    ...gsi1.googleIdentity(userId, subject),
    userId,
    subject,
    createdAt,
  }),

  fromItem(item) {
    const { subject, userId, createdAt } = parseItem(
      'GOOGLE_IDENTITY',
      googleIdentityItemSchema,
      item,
    );
    return { subject, userId, createdAt };
  },
} satisfies EntityCodec<GoogleIdentityRecord, GoogleIdentityItem>;
