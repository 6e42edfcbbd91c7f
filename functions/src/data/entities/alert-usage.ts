/**
 * The monthly alert counters (ACCESS_PATTERNS.md rows 35–36; codec pattern: entity-codec.ts).
 * Alert usage: the deliveries an owner's plan counted in a calendar month, `pk=USER#<ownerId>`,
 * `sk=ALERT_USAGE#<YYYY-MM>`, attribute `deliveries`. Alert stats: a workspace's attempts,
 * successes and failures per channel kind in a month, `pk=WS#<workspaceId>`,
 * `sk=ALERT_STATS#<YYYY-MM>`, one attribute `<kind>#<counter>` each. Both are changed with `ADD`
 * (data/alert-usage.ts), so an item holds only the counters counted so far, and expire by TTL a
 * little over a year after their month.
 *
 * Reading: owner or workspace and month come from the key; a counter not counted yet reads as 0.
 */
import * as z from 'zod';
import { ALERT_CHANNELS, type AlertChannel } from '@expiry-radar/shared/domain/alerts';
import { epochSeconds, keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

const COUNTER_RETENTION_SECONDS = 400 * 24 * 60 * 60;

/** When a month's counters may go (epoch seconds): 400 days after the month began. */
export function counterTtl(month: string): number {
  return epochSeconds(new Date(`${month}-01T00:00:00Z`)) + COUNTER_RETENTION_SECONDS;
}

export interface AlertUsage {
  readonly ownerId: string;
  /** `YYYY-MM` */
  readonly month: string;
  readonly deliveries: number;
}

export const alertUsageItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  deliveries: z.number().default(0),
  ttl: z.number(),
});

export type AlertUsageItem = z.output<typeof alertUsageItemSchema>;

export const alertUsageCodec = {
  entity: 'ALERT_USAGE',
  itemSchema: alertUsageItemSchema,
  keyOf: ({ ownerId, month }) => keys.alertUsage(ownerId, month),
  toItem: ({ ownerId, month, deliveries }) => ({
    ...keys.alertUsage(ownerId, month),
    deliveries,
    ttl: counterTtl(month),
  }),
  fromItem(item) {
    const { pk, sk, deliveries } = parseItem('ALERT_USAGE', alertUsageItemSchema, item);
    return {
      ownerId: requireKeyPart('ALERT_USAGE', item, keyParts.userId(pk), 'owner id'),
      month: requireKeyPart('ALERT_USAGE', item, keyParts.alertUsageMonth(sk), 'month'),
      deliveries,
    };
  },
} satisfies EntityCodec<AlertUsage, AlertUsageItem>;

export const ALERT_STATS_COUNTERS = ['attempts', 'successes', 'failures'] as const;
export type AlertStatsCounter = (typeof ALERT_STATS_COUNTERS)[number];

export interface ChannelStats {
  readonly channel: string;
  readonly attempts: number;
  readonly successes: number;
  readonly failures: number;
}

export interface AlertStats {
  readonly workspaceId: string;
  /** `YYYY-MM` */
  readonly month: string;
  /** Every channel kind, in ALERT_CHANNELS order, zeros included. */
  readonly channels: readonly ChannelStats[];
}

type CounterAttribute = `${AlertChannel}#${AlertStatsCounter}`;

/** The attribute of one counter of a channel kind. */
export function alertStatsAttribute(kind: string, counter: AlertStatsCounter): string {
  return `${kind}#${counter}`;
}

const counterAttributes = Object.fromEntries(
  ALERT_CHANNELS.flatMap((channel) =>
    ALERT_STATS_COUNTERS.map((counter) => [
      alertStatsAttribute(channel, counter),
      z.number().default(0),
    ]),
  ),
) as Record<CounterAttribute, z.ZodDefault<z.ZodNumber>>;

export const alertStatsItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  ttl: z.number(),
  ...counterAttributes,
});

export type AlertStatsItem = z.output<typeof alertStatsItemSchema>;

export const alertStatsCodec = {
  entity: 'ALERT_STATS',
  itemSchema: alertStatsItemSchema,
  keyOf: ({ workspaceId, month }) => keys.alertStats(workspaceId, month),
  toItem({ workspaceId, month, channels }) {
    const counted = new Map(channels.map((stats) => [stats.channel, stats]));
    const counters = Object.fromEntries(
      ALERT_CHANNELS.flatMap((channel) =>
        ALERT_STATS_COUNTERS.map((counter) => [
          alertStatsAttribute(channel, counter),
          counted.get(channel)?.[counter] ?? 0,
        ]),
      ),
    ) as Record<CounterAttribute, number>;
    return { ...keys.alertStats(workspaceId, month), ttl: counterTtl(month), ...counters };
  },
  fromItem(item) {
    const parsed = parseItem('ALERT_STATS', alertStatsItemSchema, item);
    return {
      workspaceId: requireKeyPart(
        'ALERT_STATS',
        item,
        keyParts.workspaceId(parsed.pk),
        'workspace id',
      ),
      month: requireKeyPart('ALERT_STATS', item, keyParts.alertStatsMonth(parsed.sk), 'month'),
      channels: ALERT_CHANNELS.map((channel) => ({
        channel,
        attempts: parsed[`${channel}#attempts`],
        successes: parsed[`${channel}#successes`],
        failures: parsed[`${channel}#failures`],
      })),
    };
  },
} satisfies EntityCodec<AlertStats, AlertStatsItem>;
