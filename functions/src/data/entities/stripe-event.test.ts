import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { epochSeconds, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import {
  STRIPE_EVENT_RETENTION_DAYS,
  stripeEventCodec,
  type StripeEventRecord,
} from './stripe-event';

const eventArbitrary: fc.Arbitrary<StripeEventRecord> = fc.record({
  eventId: fc.stringMatching(/^evt_[A-Za-z0-9]{1,24}$/),
  type: fc.constantFrom('checkout.session.completed', 'customer.subscription.deleted'),
  processedAt: isoInstant,
});

const event: StripeEventRecord = {
  eventId: 'evt_1',
  type: 'checkout.session.completed',
  processedAt: '2026-01-01T00:00:00.000Z',
};

describe('Stripe event codec', () => {
  it('reads back every event it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(stripeEventCodec, eventArbitrary);
  });

  it('remembers an event for the retention period after it was processed', () => {
    const processed = new Date('2026-01-01T00:00:00.000Z');
    expect(stripeEventCodec.toItem(event)).toEqual({
      ...keys.stripeEvent('evt_1'),
      eventId: 'evt_1',
      type: 'checkout.session.completed',
      processedAt: '2026-01-01T00:00:00.000Z',
      ttl: epochSeconds(processed) + STRIPE_EVENT_RETENTION_DAYS * 86_400,
    });
    expect(stripeEventCodec.keyOf(event)).toEqual(keys.stripeEvent('evt_1'));
  });

  it('refuses an event without its type', () => {
    const { type: _type, ...item } = stripeEventCodec.toItem(event);
    expect(() => stripeEventCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => stripeEventCodec.fromItem(item)).toThrow(/type/);
  });
});
