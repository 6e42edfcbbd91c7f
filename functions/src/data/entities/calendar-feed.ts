/**
 * The calendar feed entity (ACCESS_PATTERNS.md rows 53–54; codec pattern: entity-codec.ts): one
 * item per workspace, `pk=WS#<workspaceId>`, `sk=CALENDAR_FEED`, holding `rotation`, the number of
 * times the feed's keys were replaced. The keys themselves are never stored: each member's is
 * derived from the workspace id, their user id and the rotation (domain/calendar-feed-key.ts), so
 * replacing every member's key at once is adding 1.
 *
 * Reading: the workspace id comes from the key; a missing rotation reads as 0 (never replaced).
 */
import * as z from 'zod';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface CalendarFeedRecord {
  readonly workspaceId: string;
  readonly rotation: number;
}

export const calendarFeedItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  rotation: z.number().int().nonnegative().default(0),
});

export type CalendarFeedItem = z.output<typeof calendarFeedItemSchema>;

export const calendarFeedCodec = {
  entity: 'CALENDAR_FEED',
  itemSchema: calendarFeedItemSchema,
  keyOf: ({ workspaceId }) => keys.calendarFeed(workspaceId),
  toItem: ({ workspaceId, rotation }) => ({ ...keys.calendarFeed(workspaceId), rotation }),
  fromItem(item) {
    const { pk, rotation } = parseItem('CALENDAR_FEED', calendarFeedItemSchema, item);
    return {
      workspaceId: requireKeyPart('CALENDAR_FEED', item, keyParts.workspaceId(pk), 'workspace id'),
      rotation,
    };
  },
} satisfies EntityCodec<CalendarFeedRecord, CalendarFeedItem>;
