import { marshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { epochSeconds, keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import {
  rateLimitCodec,
  rateLimitCounterFromRawItem,
  windowEndsAtFromItem,
  type StoredRateLimitCounter,
} from './rate-limit';

const counterArbitrary: fc.Arbitrary<StoredRateLimitCounter> = fc.record({
  ruleName: fc.stringMatching(/^[a-z][a-z#-]{0,30}$/),
  subjectHash: fc.stringMatching(/^[A-Za-z0-9_-]{1,43}$/),
  counter: fc.record({
    hits: fc.nat(),
    windowEndsAt: isoInstant,
  }),
});

const stored: StoredRateLimitCounter = {
  ruleName: 'login-ip',
  subjectHash: 'subject-hash',
  counter: { hits: 3, windowEndsAt: '2026-01-01T00:15:00.000Z' },
};

describe('rate-limit counter codec', () => {
  it('reads back every counter it wrote, rule and subject from the key', () => {
    expectRoundTrip(rateLimitCodec, counterArbitrary);
  });

  it('stores a counter under its rule and subject, removed by TTL when its window ends', () => {
    expect(rateLimitCodec.toItem(stored)).toEqual({
      ...keys.rateLimit('login-ip', 'subject-hash'),
      hits: 3,
      windowEndsAt: '2026-01-01T00:15:00.000Z',
      ttl: epochSeconds(new Date('2026-01-01T00:15:00.000Z')),
    });
    expect(rateLimitCodec.keyOf(stored)).toEqual(keys.rateLimit('login-ip', 'subject-hash'));
  });

  it('reads the counter of a refused write in DynamoDB format; hits not counted read as 0', () => {
    const raw = marshall(rateLimitCodec.toItem(stored));
    expect(rateLimitCounterFromRawItem(raw)).toEqual(stored.counter);
    const { hits: _hits, ...uncounted } = raw;
    expect(rateLimitCounterFromRawItem(uncounted)).toEqual({ ...stored.counter, hits: 0 });
    expect(rateLimitCounterFromRawItem(undefined)).toBeUndefined();
    const { windowEndsAt: _ends, ...endless } = raw;
    expect(() => rateLimitCounterFromRawItem(endless)).toThrow(MalformedItemError);
  });

  it('reads the end of the window from a projection, and refuses a counter without one', () => {
    expect(windowEndsAtFromItem({ windowEndsAt: '2026-01-01T00:15:00.000Z' })).toBe(
      '2026-01-01T00:15:00.000Z',
    );
    expect(() => windowEndsAtFromItem({})).toThrow(/windowEndsAt/);
    const { windowEndsAt: _ends, ...item } = rateLimitCodec.toItem(stored);
    expect(() => rateLimitCodec.fromItem(item)).toThrow(
      `Malformed RATE_LIMIT item RATE#login-ip#subject-hash RATE: windowEndsAt`,
    );
  });

  it('refuses a counter whose key names no rule and subject', () => {
    const item = { ...rateLimitCodec.toItem(stored), pk: 'RATE#nohash' };
    expect(() => rateLimitCodec.fromItem(item)).toThrow(/the key holds no rule name/);
  });
});
