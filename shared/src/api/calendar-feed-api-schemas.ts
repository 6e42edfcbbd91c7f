/**
 * A workspace's calendar feed: an iCalendar file with one all-day event per token expiry, read by
 * calendar apps with a member's key in its URL (no session), and the calls that give each member
 * their URL and let admins and workspace managers replace every member's key.
 */
import * as z from 'zod';

/** The MAC ending a feed key (`<userId>.<mac>`): base64url of an HMAC-SHA-256 (43 characters). */
export const CALENDAR_FEED_KEY_LENGTH = 43;

export const calendarFeedQuery = z.object({
  key: z
    .string({ error: 'The calendar link is not valid' })
    .max(200, 'The calendar link is not valid')
    .describe("The feed's key, from the URL that GET …/calendar-feed gives."),
});

export const calendarFeedResponse = z
  .string()
  .describe('An iCalendar (RFC 5545) file: one all-day event per token expiry, with reminders.');

export const calendarFeedLinkResponse = z.object({
  /** The feed's path with its key, to put after the API's origin. */
  path: z.string(),
  /** Whether the caller may replace the key (admins and workspace managers). */
  canRotate: z.boolean(),
});
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkResponse>;

/** The OpenAPI description itself (an object of JSON). */
export const openApiDocumentResponse = z
  .record(z.string(), z.unknown())
  .describe('This OpenAPI 3.1 document.');
