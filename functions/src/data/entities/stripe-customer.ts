/**
 * The Stripe customer link entity (ACCESS_PATTERNS.md rows 22 and 38; codec pattern:
 * entity-codec.ts): `pk=STRIPE_CUSTOMER#<customerId>`, `sk=STRIPE_CUSTOMER`, the user a Stripe
 * customer belongs to (for webhook events without our metadata), with the user's index entry
 * `gsi1pk=USER#<userId>`, `gsi1sk=STRIPE_CUSTOMER#<customerId>` (account deletion).
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface StripeCustomerRecord {
  readonly customerId: string;
  readonly userId: string;
  /** ISO instant. */
  readonly createdAt: string;
}

export const stripeCustomerItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  customerId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
});

export type StripeCustomerItem = z.output<typeof stripeCustomerItemSchema>;

export const stripeCustomerCodec = {
  entity: 'STRIPE_CUSTOMER',
  itemSchema: stripeCustomerItemSchema,

  keyOf: ({ customerId }) => keys.stripeCustomer(customerId),

  toItem: ({ customerId, userId, createdAt }) => ({
    ...keys.stripeCustomer(customerId),
    ...gsi1.stripeCustomer(userId, customerId),
    customerId,
    userId,
    createdAt,
  }),

  fromItem(item) {
    const { customerId, userId, createdAt } = parseItem(
      'STRIPE_CUSTOMER',
      stripeCustomerItemSchema,
      item,
    );
    return { customerId, userId, createdAt };
  },
} satisfies EntityCodec<StripeCustomerRecord, StripeCustomerItem>;
