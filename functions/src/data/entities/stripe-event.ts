/**
 * The processed Stripe event entity (ACCESS_PATTERNS.md row 18; codec pattern: entity-codec.ts):
 * `pk=STRIPE_EVENT#<eventId>`, `sk=STRIPE_EVENT`, put with `attribute_not_exists(pk)` before the
 * event is handled (idempotency), with the event's type, when it was processed and `ttl`.
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import { epochSeconds, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

/** Stripe retries a webhook for up to three days; its id is remembered for longer. */
export const STRIPE_EVENT_RETENTION_DAYS = 30;

export interface StripeEventRecord {
  readonly eventId: string;
  /** The Stripe event type, e.g. `checkout.session.completed`. */
  readonly type: string;
  /** ISO instant. */
  readonly processedAt: string;
}

export const stripeEventItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  eventId: z.string(),
  type: z.string(),
  processedAt: z.string(),
  ttl: z.number(),
});

export type StripeEventItem = z.output<typeof stripeEventItemSchema>;

export const stripeEventCodec = {
  entity: 'STRIPE_EVENT',
  itemSchema: stripeEventItemSchema,

  keyOf: ({ eventId }) => keys.stripeEvent(eventId),

  toItem: ({ eventId, type, processedAt }) => ({
    ...keys.stripeEvent(eventId),
    eventId,
    type,
    processedAt,
    ttl: epochSeconds(new Date(processedAt)) + STRIPE_EVENT_RETENTION_DAYS * 24 * 60 * 60,
  }),

  fromItem(item) {
    const { eventId, type, processedAt } = parseItem('STRIPE_EVENT', stripeEventItemSchema, item);
    return { eventId, type, processedAt };
  },
} satisfies EntityCodec<StripeEventRecord, StripeEventItem>;
