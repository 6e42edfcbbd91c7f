/**
 * The weekly summary: an email a user may ask for, on Monday morning in their time zone, listing
 * what expires in the coming weeks across their workspaces and what was renewed the week before.
 */
import * as z from 'zod';
import { timeZoneSchema } from '../domain/alerts';

/** What the summary lists: tokens expiring within this many days. */
export const WEEKLY_SUMMARY_HORIZON_DAYS = 30;
/** Renewals of the last this many days. */
export const WEEKLY_SUMMARY_RENEWED_DAYS = 7;
/** When it is sent: on Mondays at this local time. */
export const WEEKLY_SUMMARY_LOCAL_TIME = '08:00';

export const WEEKLY_SUMMARY_MESSAGES = {
  enabledRequired: 'enabled must be true or false',
} as const;

/** `PUT /api/account/weekly-summary`. */
export const updateWeeklySummaryBody = z.object({
  enabled: z.boolean({ error: WEEKLY_SUMMARY_MESSAGES.enabledRequired }),
  time_zone: timeZoneSchema,
});
export type WeeklySummaryUpdate = z.output<typeof updateWeeklySummaryBody>;

export const weeklySummaryResponse = z.object({
  enabled: z.boolean(),
  /** IANA; null until the user chose one. */
  time_zone: z.string().nullable(),
  /** When the next summary goes out; null when it is off. */
  next_send_at: z.string().nullable(),
  /** When the last one went out; null before the first. */
  last_sent_at: z.string().nullable(),
});
export type WeeklySummarySettings = z.infer<typeof weeklySummaryResponse>;
