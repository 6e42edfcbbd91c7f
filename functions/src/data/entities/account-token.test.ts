import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { epochSeconds, gsi1, keys } from '../keys';
import {
  ACCOUNT_TOKEN_PURPOSES,
  accountTokenCodec,
  type StoredAccountToken,
} from './account-token';
import { MalformedItemError } from './entity-codec';

const tokenArbitrary: fc.Arbitrary<StoredAccountToken> = fc.record({
  tokenHash: fc.stringMatching(/^[A-Za-z0-9_-]{1,43}$/),
  token: fc.record(
    {
      purpose: fc.constantFrom(...ACCOUNT_TOKEN_PURPOSES),
      userId: fc.uuid(),
      email: fc.emailAddress(),
      redirect: fc.constantFrom('/billing?upgrade=pro&period=yearly', '/dashboard'),
    },
    { requiredKeys: ['purpose', 'userId', 'email'] },
  ),
  createdAt: isoInstant,
  expiresAt: isoInstant,
});

const stored: StoredAccountToken = {
  tokenHash: 'token-hash',
  token: { purpose: 'reset-password', userId: 'u-1', email: 'ada@example.com' },
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T01:00:00.000Z',
};

describe('account token codec', () => {
  it('reads back every link token it wrote, the hash from the key', () => {
    expectRoundTrip(accountTokenCodec, tokenArbitrary);
  });

  it('stores a link token under its hash and in the user index, removed by TTL at expiry', () => {
    expect(accountTokenCodec.toItem(stored)).toEqual({
      ...keys.accountToken('token-hash'),
      ...gsi1.accountToken('u-1', 'token-hash'),
      purpose: 'reset-password',
      userId: 'u-1',
      email: 'ada@example.com',
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-01T01:00:00.000Z',
      ttl: epochSeconds(new Date('2026-01-01T01:00:00.000Z')),
    });
    expect(accountTokenCodec.keyOf(stored)).toEqual(keys.accountToken('token-hash'));
  });

  it('refuses a token of an unknown purpose or without its user', () => {
    const item = accountTokenCodec.toItem(stored);
    expect(() => accountTokenCodec.fromItem({ ...item, purpose: 'login' })).toThrow(
      MalformedItemError,
    );
    const { userId: _userId, ...anonymous } = item;
    expect(() => accountTokenCodec.fromItem(anonymous)).toThrow(
      'Malformed ACCOUNT_TOKEN item ACCOUNT_TOKEN#token-hash ACCOUNT_TOKEN: userId',
    );
  });
});
