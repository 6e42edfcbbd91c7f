import { randomUUID } from 'node:crypto';
import type { RateLimitRule } from '../domain/account-policy';
import {
  clearRateLimit,
  consumeRateLimit,
  lockRateLimit,
  refundRateLimit,
  takeRateLimit,
} from './rate-limiter';

const rule = (limit: number, windowSeconds = 60): RateLimitRule => ({
  name: `test-${randomUUID()}`,
  limit,
  windowSeconds,
});

const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, seconds));

describe('rate limiter', () => {
  it('lets every one of concurrent first requests through when they fit the limit', async () => {
    const limit = rule(10);
    const subject = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => consumeRateLimit(limit, subject, at(0))),
    );
    expect(results).toEqual([true, true, true, true, true]);
    // The five hits were counted in one window: five more pass, the sixth is refused.
    for (let hit = 1; hit <= 5; hit += 1) {
      expect(await consumeRateLimit(limit, subject, at(1))).toBe(true);
    }
    expect(await consumeRateLimit(limit, subject, at(1))).toBe(false);
  });

  it('lets exactly the limit through when many first requests race', async () => {
    const limit = rule(4);
    const subject = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeRateLimit(limit, subject, at(0))),
    );
    expect(results.filter(Boolean)).toHaveLength(4);
  });

  it('refuses over the limit with the seconds left in the window, then opens a new window', async () => {
    const limit = rule(2, 60);
    const subject = randomUUID();
    expect(await takeRateLimit(limit, subject, at(0))).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      remaining: 1,
    });
    expect(await takeRateLimit(limit, subject, at(10))).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
      remaining: 0,
    });
    expect(await takeRateLimit(limit, subject, at(15))).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
      remaining: 0,
    });
    // A part of a second left still counts as a whole second to wait.
    expect((await takeRateLimit(limit, subject, new Date(at(59).getTime() + 500))).allowed).toBe(
      false,
    );
    expect(
      (await takeRateLimit(limit, subject, new Date(at(59).getTime() + 500))).retryAfterSeconds,
    ).toBe(1);
    expect((await takeRateLimit(limit, subject, at(60))).allowed).toBe(true);
  });

  it('locks a subject for a whole window from the moment it is locked', async () => {
    const limit = rule(5, 60);
    const subject = randomUUID();
    await takeRateLimit(limit, subject, at(0));
    await lockRateLimit(limit, subject, at(50));
    // The first window would have ended at 60; the lock runs a whole window from 50.
    expect(await takeRateLimit(limit, subject, at(70))).toEqual({
      allowed: false,
      retryAfterSeconds: 40,
      remaining: 0,
    });
    expect((await takeRateLimit(limit, subject, at(110))).allowed).toBe(true);
  });

  it('opens one new window when concurrent requests find the old one expired', async () => {
    const limit = rule(3, 60);
    const subject = randomUUID();
    for (let hit = 1; hit <= 3; hit += 1) await consumeRateLimit(limit, subject, at(0));
    const results = await Promise.all(
      Array.from({ length: 3 }, () => consumeRateLimit(limit, subject, at(61))),
    );
    expect(results).toEqual([true, true, true]);
    expect(await consumeRateLimit(limit, subject, at(62))).toBe(false);
  });

  it('treats subjects without regard to case and keeps subjects apart', async () => {
    const limit = rule(1);
    const subject = `Someone-${randomUUID()}@Example.com`;
    expect(await consumeRateLimit(limit, subject, at(0))).toBe(true);
    expect(await consumeRateLimit(limit, subject.toLowerCase(), at(0))).toBe(false);
    expect(await consumeRateLimit(limit, `other-${subject}`, at(0))).toBe(true);
  });

  it('gives a hit back, but never below zero, and forgets a subject when cleared', async () => {
    const limit = rule(1);
    const subject = randomUUID();
    await refundRateLimit(limit, subject, at(0));
    expect(await consumeRateLimit(limit, subject, at(0))).toBe(true);
    await refundRateLimit(limit, subject, at(1));
    await refundRateLimit(limit, subject, at(1));
    expect(await consumeRateLimit(limit, subject, at(2))).toBe(true);
    expect(await consumeRateLimit(limit, subject, at(2))).toBe(false);
    await clearRateLimit(limit, subject);
    expect(await consumeRateLimit(limit, subject, at(3))).toBe(true);
  });
});
