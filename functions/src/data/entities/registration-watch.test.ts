import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { epochSeconds, gsi1, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { registrationWatchCodec, type StoredRegistrationWatch } from './registration-watch';

const watchArbitrary: fc.Arbitrary<StoredRegistrationWatch> = fc.record({
  watchHash: fc.stringMatching(/^[A-Za-z0-9_-]{1,43}$/),
  watch: fc.record({
    userId: fc.option(fc.uuid(), { nil: null }),
    createdAt: isoInstant,
    expiresAt: isoInstant,
  }),
});

const times = { createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-02T00:00:00.000Z' };
const ofNewAccount: StoredRegistrationWatch = {
  watchHash: 'hash-1',
  watch: { userId: 'u-1', ...times },
};
const ofTakenAddress: StoredRegistrationWatch = {
  watchHash: 'hash-2',
  watch: { userId: null, ...times },
};

describe('registration watch codec', () => {
  it('reads back every watch it wrote, the hash from the key', () => {
    expectRoundTrip(registrationWatchCodec, watchArbitrary);
  });

  it("stores a new account's watch under its hash and in the user's index, removed by TTL", () => {
    expect(registrationWatchCodec.toItem(ofNewAccount)).toEqual({
      ...keys.registrationWatch('hash-1'),
      ...gsi1.registrationWatch('u-1', 'hash-1'),
      userId: 'u-1',
      ...times,
      ttl: epochSeconds(new Date(times.expiresAt)),
    });
    expect(registrationWatchCodec.keyOf(ofNewAccount)).toEqual(keys.registrationWatch('hash-1'));
  });

  it("stores a taken address's watch naming no account and in no user's index", () => {
    expect(registrationWatchCodec.toItem(ofTakenAddress)).toEqual({
      ...keys.registrationWatch('hash-2'),
      ...times,
      ttl: epochSeconds(new Date(times.expiresAt)),
    });
  });

  it.each(['createdAt', 'expiresAt'])('refuses an item without %s', (field) => {
    const item: Record<string, unknown> = { ...registrationWatchCodec.toItem(ofNewAccount) };
    delete item[field];
    expect(() => registrationWatchCodec.fromItem(item)).toThrow(MalformedItemError);
    expect(() => registrationWatchCodec.fromItem(item)).toThrow(
      `Malformed REGISTRATION_WATCH item REGISTRATION_WATCH#hash-1 REGISTRATION_WATCH: ${field}`,
    );
  });

  it('refuses an item whose key names no watch', () => {
    const item = { ...registrationWatchCodec.toItem(ofNewAccount), pk: 'REGISTRATION_WATCH#' };
    expect(() => registrationWatchCodec.fromItem(item)).toThrow(/the key holds no watch hash/);
  });
});
