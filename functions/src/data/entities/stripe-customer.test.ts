import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { stripeCustomerCodec, type StripeCustomerRecord } from './stripe-customer';

const customerArbitrary: fc.Arbitrary<StripeCustomerRecord> = fc.record({
  customerId: fc.stringMatching(/^cus_[A-Za-z0-9]{1,24}$/),
  userId: fc.uuid(),
  createdAt: isoInstant,
});

const customer: StripeCustomerRecord = {
  customerId: 'cus_1',
  userId: 'u-1',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('Stripe customer codec', () => {
  it('reads back every link it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(stripeCustomerCodec, customerArbitrary);
  });

  it('stores the link under the customer and in the user index', () => {
    expect(stripeCustomerCodec.toItem(customer)).toEqual({
      ...keys.stripeCustomer('cus_1'),
      ...gsi1.stripeCustomer('u-1', 'cus_1'),
      customerId: 'cus_1',
      userId: 'u-1',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(stripeCustomerCodec.keyOf(customer)).toEqual(keys.stripeCustomer('cus_1'));
  });

  it('refuses a link that names no user', () => {
    const { userId: _userId, ...item } = stripeCustomerCodec.toItem(customer);
    expect(() => stripeCustomerCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => stripeCustomerCodec.fromItem(item)).toThrow(/userId/);
  });
});
