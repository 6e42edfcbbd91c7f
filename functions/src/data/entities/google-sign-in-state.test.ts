import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { epochSeconds, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { googleSignInStateCodec, type StoredGoogleSignInState } from './google-sign-in-state';

const stateArbitrary: fc.Arbitrary<StoredGoogleSignInState> = fc.record({
  stateHash: fc.stringMatching(/^[A-Za-z0-9_-]{1,43}$/),
  pending: fc.record({ nonce: fc.string(), codeVerifier: fc.string(), redirect: fc.string() }),
  expiresAt: isoInstant,
});

const stored: StoredGoogleSignInState = {
  stateHash: 'state-hash',
  pending: { nonce: 'n-1', codeVerifier: 'v-1', redirect: '/dashboard' },
  expiresAt: '2026-01-01T00:10:00.000Z',
};

describe('Google sign-in state codec', () => {
  it('reads back every pending sign-in it wrote, the hash from the key', () => {
    expectRoundTrip(googleSignInStateCodec, stateArbitrary);
  });

  it('stores the pending sign-in under the hash of its state, removed by TTL at expiry', () => {
    expect(googleSignInStateCodec.toItem(stored)).toEqual({
      ...keys.googleSignInState('state-hash'),
      nonce: 'n-1',
      codeVerifier: 'v-1',
      redirect: '/dashboard',
      expiresAt: '2026-01-01T00:10:00.000Z',
      ttl: epochSeconds(new Date('2026-01-01T00:10:00.000Z')),
    });
    expect(googleSignInStateCodec.keyOf(stored)).toEqual(keys.googleSignInState('state-hash'));
  });

  it.each(['nonce', 'codeVerifier', 'redirect'])('refuses an item without %s', (field) => {
    const item: Record<string, unknown> = { ...googleSignInStateCodec.toItem(stored) };
    delete item[field];
    expect(() => googleSignInStateCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => googleSignInStateCodec.fromItem(item)).toThrow(
      `Malformed GOOGLE_SIGN_IN_STATE item OAUTH_STATE#state-hash OAUTH_STATE: ${field}`,
    );
  });
});
