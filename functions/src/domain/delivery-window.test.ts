import fc from 'fast-check';
import type { DeliveryWindow } from '@expiry-radar/shared/domain/alerts';
import { isWithinWindow, mayDeliverNow, nextWindowStart } from './delivery-window';

const office: DeliveryWindow = {
  time_zone: 'Europe/Zurich',
  days: [1, 2, 3, 4, 5],
  start: '08:00',
  end: '18:00',
  urgent_any_time: true,
};
const at = (iso: string) => new Date(iso);

describe('delivery window', () => {
  it('is open on weekdays from 08:00 to 18:00 Zurich time, winter and summer', () => {
    expect(isWithinWindow(office, at('2030-01-07T06:59:00Z'))).toBe(false); // Mon 07:59 CET
    expect(isWithinWindow(office, at('2030-01-07T07:00:00Z'))).toBe(true); // Mon 08:00
    expect(isWithinWindow(office, at('2030-01-07T16:59:00Z'))).toBe(true); // Mon 17:59
    expect(isWithinWindow(office, at('2030-01-07T17:00:00Z'))).toBe(false); // Mon 18:00
    expect(isWithinWindow(office, at('2030-01-05T09:00:00Z'))).toBe(false); // Sat 10:00
    expect(isWithinWindow(office, at('2030-07-01T06:00:00Z'))).toBe(true); // Mon 08:00 CEST
    expect(isWithinWindow(office, at('2030-07-01T05:59:00Z'))).toBe(false);
  });

  it('opens next at the start of the next listed day, in the zone’s offset of that day', () => {
    expect(nextWindowStart(office, at('2030-01-05T09:00:00Z'))).toEqual(at('2030-01-07T07:00:00Z'));
    expect(nextWindowStart(office, at('2030-01-07T05:00:00Z'))).toEqual(at('2030-01-07T07:00:00Z'));
    expect(nextWindowStart(office, at('2030-01-07T17:30:00Z'))).toEqual(at('2030-01-08T07:00:00Z'));
    expect(nextWindowStart(office, at('2030-01-11T17:30:00Z'))).toEqual(at('2030-01-14T07:00:00Z'));
    // Over the change to summer time (Sunday 2030-03-31): Monday opens at 06:00 UTC.
    expect(nextWindowStart(office, at('2030-03-29T18:00:00Z'))).toEqual(at('2030-04-01T06:00:00Z'));
  });

  it('opens as much later as a daylight saving gap skips of its start', () => {
    const early = {
      ...office,
      time_zone: 'America/New_York',
      days: [7],
      start: '02:30',
      end: '05:00',
    };
    // Sunday 2030-03-10 02:30 does not exist in New York (02:00 EST jumps to 03:00 EDT): 03:30.
    expect(nextWindowStart(early, at('2030-03-10T05:00:00Z'))).toEqual(at('2030-03-10T07:30:00Z'));
  });

  it('runs past midnight when the end is before the start', () => {
    const night = { ...office, days: [5], start: '22:00', end: '06:00' };
    expect(isWithinWindow(night, at('2030-01-11T21:30:00Z'))).toBe(true); // Fri 22:30
    expect(isWithinWindow(night, at('2030-01-12T02:00:00Z'))).toBe(true); // Sat 03:00
    expect(isWithinWindow(night, at('2030-01-12T05:30:00Z'))).toBe(false); // Sat 06:30
    expect(isWithinWindow(night, at('2030-01-12T21:30:00Z'))).toBe(false); // Sat 22:30
  });

  it('always finds an opening inside the window within a week', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        fc.constantFrom('Europe/Zurich', 'America/New_York', 'Asia/Kolkata', 'UTC'),
        (now, days, time_zone) => {
          const window = { ...office, days, time_zone };
          const opens = nextWindowStart(window, now);
          expect(opens.getTime()).toBeGreaterThanOrEqual(now.getTime() - 60_000);
          expect(opens.getTime() - now.getTime()).toBeLessThanOrEqual(8 * 24 * 3600_000);
          expect(isWithinWindow(window, opens)).toBe(true);
        },
      ),
    );
  });

  it('lets expiry-day and expired alerts through outside the window unless told not to', () => {
    const saturday = at('2030-01-05T09:00:00Z');
    expect(mayDeliverNow(null, { threshold: 7, daysLeft: 7 }, saturday)).toBe(true);
    expect(mayDeliverNow(office, { threshold: 7, daysLeft: 7 }, saturday)).toBe(false);
    expect(mayDeliverNow(office, { threshold: 0, daysLeft: 0 }, saturday)).toBe(true);
    expect(mayDeliverNow(office, { threshold: 1, daysLeft: -1 }, saturday)).toBe(true);
    const strict = { ...office, urgent_any_time: false };
    expect(mayDeliverNow(strict, { threshold: 0, daysLeft: 0 }, saturday)).toBe(false);
  });
});
