import fc from 'fast-check';
import { expectRoundTrip, isoInstant } from '../../../test-support/codec-properties';
import { weeklySummaryShardOf } from '../../domain/weekly-summary-schedule';
import { keys } from '../keys';
import { MalformedItemError } from './entity-codec';
import { weeklySummaryCodec, type WeeklySummaryRecord } from './weekly-summary';

const recordArbitrary: fc.Arbitrary<WeeklySummaryRecord> = fc.record({
  userId: fc.uuid(),
  enabled: fc.boolean(),
  timeZone: fc.constantFrom('UTC', 'Europe/Zurich', 'America/New_York'),
  nextSendAt: fc.option(isoInstant, { nil: null }),
  lastSentAt: fc.option(isoInstant, { nil: null }),
  updatedAt: isoInstant,
});

const record: WeeklySummaryRecord = {
  userId: 'user-1',
  enabled: true,
  timeZone: 'Europe/Zurich',
  nextSendAt: '2030-01-07T07:00:00.000Z',
  lastSentAt: null,
  updatedAt: '2030-01-02T12:00:00.000Z',
};

describe('weekly summary codec', () => {
  it('reads back every record it wrote, and writes items its schema accepts', () => {
    expectRoundTrip(weeklySummaryCodec, recordArbitrary);
  });

  it("keys it under the user, among the user's items, and on the due index while it is on", () => {
    expect(weeklySummaryCodec.toItem(record)).toEqual({
      pk: 'USER#user-1',
      sk: 'WEEKLY_SUMMARY',
      gsi1pk: 'USER#user-1',
      gsi1sk: 'WEEKLY_SUMMARY',
      entity: 'WEEKLY_SUMMARY',
      userId: 'user-1',
      enabled: true,
      timeZone: 'Europe/Zurich',
      dueShard: weeklySummaryShardOf('user-1'),
      nextAlertAt: '2030-01-07T07:00:00.000Z',
      updatedAt: '2030-01-02T12:00:00.000Z',
    });
    const off = weeklySummaryCodec.toItem({ ...record, enabled: false, nextSendAt: null });
    expect(off).not.toHaveProperty('dueShard');
    expect(off).not.toHaveProperty('nextAlertAt');
    expect(weeklySummaryCodec.keyOf(record)).toEqual(keys.weeklySummary('user-1'));
  });

  it('refuses an item without its time zone', () => {
    const { timeZone: _zone, ...item } = weeklySummaryCodec.toItem(record);
    expect(() => weeklySummaryCodec.fromItem(item)).toThrow(MalformedItemError);
  });
});
