import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { googleIdentityCodec, type GoogleIdentityRecord } from './google-identity';

const identityArbitrary: fc.Arbitrary<GoogleIdentityRecord> = fc.record({
  subject: fc.stringMatching(/^[0-9]{1,30}$/),
  userId: fc.uuid(),
  createdAt: isoInstant,
});

const identity: GoogleIdentityRecord = {
  subject: '1234567890',
  userId: 'u-1',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('Google identity codec', () => {
  it('reads back every link it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(googleIdentityCodec, identityArbitrary);
  });

  it('stores the link under the subject and in the user index', () => {
    expect(googleIdentityCodec.toItem(identity)).toEqual({
      ...keys.googleIdentity('1234567890'),
      ...gsi1.googleIdentity('u-1', '1234567890'),
      userId: 'u-1',
      subject: '1234567890',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(googleIdentityCodec.keyOf(identity)).toEqual(keys.googleIdentity('1234567890'));
  });

  it('refuses a link whose user is not text', () => {
    const item = { ...googleIdentityCodec.toItem(identity), userId: 42 };
    expect(() => googleIdentityCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => googleIdentityCodec.fromItem(item)).toThrow(/userId/);
  });
});
