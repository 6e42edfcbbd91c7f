import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { epochSeconds, gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { sessionCodec, type StoredSession } from './session';
import { SIGN_IN_METHODS } from './two-factor-challenge';

const secretHash = fc.stringMatching(/^[A-Za-z0-9_-]{1,43}$/);

const sessionArbitrary: fc.Arbitrary<StoredSession> = fc.record({
  sessionIdHash: secretHash,
  session: fc.record({
    userId: fc.uuid(),
    createdAt: isoInstant,
    expiresAt: isoInstant,
    signIn: fc.option(
      fc.record({
        method: fc.constantFrom(...SIGN_IN_METHODS),
        secondFactor: fc.boolean(),
        device: fc.string({ minLength: 1 }),
      }),
    ),
    lastUsedAt: fc.option(isoInstant),
  }),
});

const stored: StoredSession = {
  sessionIdHash: 'hash-1',
  session: {
    userId: 'u-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-08T00:00:00.000Z',
    signIn: { method: 'google', secondFactor: true, device: 'Firefox on Windows' },
    lastUsedAt: '2026-01-02T00:00:00.000Z',
  },
};

describe('session codec', () => {
  it('reads back every session it wrote, the hash from the key', () => {
    expectRoundTrip(sessionCodec, sessionArbitrary);
  });

  it('stores a session under its hash and in its user index, removed by TTL at expiry', () => {
    expect(sessionCodec.toItem(stored)).toEqual({
      ...keys.session('hash-1'),
      ...gsi1.session('u-1', 'hash-1'),
      userId: 'u-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-08T00:00:00.000Z',
      ttl: epochSeconds(new Date('2026-01-08T00:00:00.000Z')),
      signInMethod: 'google',
      secondFactor: true,
      device: 'Firefox on Windows',
      lastUsedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(sessionCodec.keyOf(stored)).toEqual(keys.session('hash-1'));
  });

  it.each(['userId', 'createdAt', 'expiresAt'])('refuses an item without %s', (field) => {
    const item: Record<string, unknown> = { ...sessionCodec.toItem(stored) };
    delete item[field];
    expect(() => sessionCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => sessionCodec.fromItem(item)).toThrow(
      `Malformed SESSION item SESSION#hash-1 SESSION: ${field}`,
    );
  });

  it('reads a session stored before sign-ins and last use were kept as unknown', () => {
    const item: Record<string, unknown> = { ...sessionCodec.toItem(stored) };
    for (const field of ['signInMethod', 'secondFactor', 'device', 'lastUsedAt']) {
      delete item[field];
    }
    expect(sessionCodec.fromItem(item).session).toMatchObject({ signIn: null, lastUsedAt: null });
    const unknownMethod = { ...sessionCodec.toItem(stored), signInMethod: 'carrier-pigeon' };
    expect(sessionCodec.fromItem(unknownMethod).session.signIn).toBeNull();
  });

  it('refuses an item whose key names no session', () => {
    const item = { ...sessionCodec.toItem(stored), pk: 'SESSION#' };
    expect(() => sessionCodec.fromItem(item)).toThrow(/the key holds no session id hash/);
  });
});
