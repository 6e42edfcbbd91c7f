/**
 * The weekly summary entity (ACCESS_PATTERNS.md row 47; codec pattern: entity-codec.ts): a user's
 * weekly summary email, `pk=USER#<userId>`, `sk=WEEKLY_SUMMARY`, with `gsi1pk=USER#<userId>` so
 * the account's deletion removes it. While it is on, it waits on the sparse due index:
 * `dueShard=WEEKLY_SUMMARY#<0..3>` (domain/weekly-summary-schedule.ts; the expiry scan reads
 * other shards) and `nextAlertAt=<when it goes out next>`; off, it carries neither.
 *
 * Reading: user id, flag, time zone and update time are required; a missing next or last send
 * reads as null.
 */
import * as z from 'zod';
import { weeklySummaryShardOf } from '../../domain/weekly-summary-schedule';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface WeeklySummaryRecord {
  readonly userId: string;
  readonly enabled: boolean;
  /** IANA. */
  readonly timeZone: string;
  /** ISO instant of the next send; null while it is off. */
  readonly nextSendAt: string | null;
  /** ISO instant of the last send; null before the first. */
  readonly lastSentAt: string | null;
  readonly updatedAt: string;
}

export const weeklySummaryItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('WEEKLY_SUMMARY'),
  userId: z.string(),
  enabled: z.boolean(),
  timeZone: z.string(),
  dueShard: z.string().optional(),
  nextAlertAt: z.string().optional(),
  lastSentAt: z.string().optional(),
  updatedAt: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
});

export type WeeklySummaryItem = z.output<typeof weeklySummaryItemSchema>;

export const weeklySummaryCodec = {
  entity: 'WEEKLY_SUMMARY',
  itemSchema: weeklySummaryItemSchema,

  keyOf: ({ userId }) => keys.weeklySummary(userId),

  toItem: ({ userId, enabled, timeZone, nextSendAt, lastSentAt, updatedAt }) => ({
    ...keys.weeklySummary(userId),
    ...gsi1.weeklySummary(userId),
    entity: 'WEEKLY_SUMMARY',
    userId,
    enabled,
    timeZone,
    ...(nextSendAt === null
      ? {}
      : { dueShard: weeklySummaryShardOf(userId), nextAlertAt: nextSendAt }),
    ...(lastSentAt === null ? {} : { lastSentAt }),
    updatedAt,
  }),

  fromItem(item) {
    const parsed = parseItem('WEEKLY_SUMMARY', weeklySummaryItemSchema, item);
    return {
      userId: parsed.userId,
      enabled: parsed.enabled,
      timeZone: parsed.timeZone,
      nextSendAt: parsed.nextAlertAt ?? null,
      lastSentAt: parsed.lastSentAt ?? null,
      updatedAt: parsed.updatedAt,
    };
  },
} satisfies EntityCodec<WeeklySummaryRecord, WeeklySummaryItem>;
