import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { gsi1, keys } from '../keys';
import { emailClaimCodec, type EmailClaimRecord } from './email-claim';
import { MalformedItemError } from './entity-codec';

const claimArbitrary: fc.Arbitrary<EmailClaimRecord> = fc.record({
  email: fc.emailAddress(),
  userId: fc.uuid(),
  createdAt: isoInstant,
});

const claim: EmailClaimRecord = {
  email: 'Ada@Example.com',
  userId: 'u-1',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('email claim codec', () => {
  it('reads back every claim it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(emailClaimCodec, claimArbitrary);
  });

  it('claims the lower-cased address for the user, in the user index', () => {
    expect(emailClaimCodec.toItem(claim)).toEqual({
      pk: 'EMAIL#ada@example.com',
      sk: 'EMAIL',
      ...gsi1.userEmail('u-1', 'ada@example.com'),
      userId: 'u-1',
      email: 'Ada@Example.com',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(emailClaimCodec.keyOf(claim)).toEqual(keys.userEmail('ada@example.com'));
  });

  it('refuses a claim that names no user', () => {
    const { userId: _userId, ...item } = emailClaimCodec.toItem(claim);
    expect(() => emailClaimCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => emailClaimCodec.fromItem(item)).toThrow(
      'Malformed EMAIL_CLAIM item EMAIL#ada@example.com EMAIL: userId',
    );
  });
});
