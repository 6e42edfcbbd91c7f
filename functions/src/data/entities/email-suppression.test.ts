import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import {
  emailSuppressionCodec,
  SUPPRESSION_REASONS,
  type EmailSuppression,
} from './email-suppression';

const suppressionArbitrary: fc.Arbitrary<EmailSuppression> = fc.record({
  address: fc.emailAddress().map((address) => address.toLowerCase()),
  reason: fc.constantFrom(...SUPPRESSION_REASONS),
  detail: fc.option(fc.string(), { nil: null }),
  reportedAt: isoInstant,
});

const suppression: EmailSuppression = {
  address: 'gone@example.com',
  reason: 'bounce',
  detail: 'smtp; 550 5.1.1 user unknown',
  reportedAt: '2030-01-01T00:00:00.000Z',
};

describe('email suppression codec', () => {
  it('reads back every suppression it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(emailSuppressionCodec, suppressionArbitrary);
  });

  it('keys the lower-cased address on its own partition', () => {
    const item = emailSuppressionCodec.toItem({ ...suppression, address: 'Gone@Example.com' });
    expect(item).toMatchObject({
      pk: 'EMAIL_SUPPRESSION#gone@example.com',
      sk: 'EMAIL_SUPPRESSION',
      address: 'gone@example.com',
    });
    expect(emailSuppressionCodec.keyOf(suppression)).toEqual(
      keys.emailSuppression('GONE@example.com'),
    );
  });

  it('refuses a suppression of an unknown reason', () => {
    const item = { ...emailSuppressionCodec.toItem(suppression), reason: 'vacation' };
    expect(() => emailSuppressionCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
