import fc from 'fast-check';
import { ALERT_CHANNELS } from '@expiry-radar/shared/domain/alerts';
import { keys } from '../keys';
import {
  alertStatsCodec,
  alertStatsItemSchema,
  alertUsageCodec,
  alertUsageItemSchema,
  counterTtl,
  type AlertStats,
} from './alert-usage';
import { MalformedItemError } from './entity-codec';

const month = fc
  .record({ year: fc.integer({ min: 2000, max: 2099 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);
const id = fc.stringMatching(/^[a-z0-9.-]{1,30}$/);

describe('alert usage codec', () => {
  it('reads back every usage it wrote, owner and month from the key', () => {
    fc.assert(
      fc.property(fc.record({ ownerId: id, month, deliveries: fc.nat() }), (usage) => {
        const item = alertUsageCodec.toItem(usage);
        expect(alertUsageItemSchema.safeParse(item).success).toBe(true);
        expect(item).toMatchObject(keys.alertUsage(usage.ownerId, usage.month));
        expect(alertUsageCodec.fromItem(item)).toEqual(usage);
      }),
    );
  });

  it('reads a month not counted yet as 0 and expires 400 days after the month began', () => {
    const item = alertUsageCodec.toItem({ ownerId: 'u-1', month: '2030-02', deliveries: 4 });
    expect(item.ttl).toBe(counterTtl('2030-02'));
    expect(counterTtl('2030-02')).toBe(Date.UTC(2030, 1, 1) / 1000 + 400 * 24 * 60 * 60);
    const { deliveries: _deliveries, ...uncounted } = item;
    expect(alertUsageCodec.fromItem(uncounted).deliveries).toBe(0);
  });

  it('refuses a key that names no owner or month, and a count that is not a number', () => {
    const item = alertUsageCodec.toItem({ ownerId: 'u-1', month: '2030-02', deliveries: 4 });
    expect(() => alertUsageCodec.fromItem({ ...item, pk: 'WS#u-1' })).toThrow(MalformedItemError);
    expect(() => alertUsageCodec.fromItem({ ...item, sk: 'ALERT_STATS#2030-02' })).toThrow(/month/);
    expect(() => alertUsageCodec.fromItem({ ...item, deliveries: '4' })).toThrow(/deliveries/);
  });
});

const counts = fc.record({ attempts: fc.nat(), successes: fc.nat(), failures: fc.nat() });

describe('alert stats codec', () => {
  it('reads back every channel count it wrote, every channel listed', () => {
    fc.assert(
      fc.property(
        id,
        month,
        fc.tuple(...ALERT_CHANNELS.map(() => counts)),
        (workspaceId, statsMonth, perChannel) => {
          const stats: AlertStats = {
            workspaceId,
            month: statsMonth,
            channels: ALERT_CHANNELS.map((channel, index) => ({
              channel,
              ...perChannel[index]!,
            })),
          };
          const item = alertStatsCodec.toItem(stats);
          expect(alertStatsItemSchema.safeParse(item).success).toBe(true);
          expect(alertStatsCodec.fromItem(item)).toEqual(stats);
        },
      ),
    );
  });

  it('reads counters not counted yet as 0', () => {
    const item = { ...keys.alertStats('ws-1', '2030-02'), ttl: 1, 'slack#attempts': 2 };
    const stats = alertStatsCodec.fromItem({ ...item, 'slack#failures': 2 });
    expect(stats.channels).toHaveLength(ALERT_CHANNELS.length);
    expect(stats.channels.find((channel) => channel.channel === 'slack')).toEqual({
      channel: 'slack',
      attempts: 2,
      successes: 0,
      failures: 2,
    });
    expect(stats.channels.find((channel) => channel.channel === 'email')).toEqual({
      channel: 'email',
      attempts: 0,
      successes: 0,
      failures: 0,
    });
    expect(() => alertStatsCodec.fromItem({ ...item, 'email#attempts': 'many' })).toThrow(
      /email#attempts/,
    );
  });
});
