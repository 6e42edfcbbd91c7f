/**
 * A workspace's calendar feed (RFC 5545): one all-day event per token on its expiry date, its
 * summary the token's name and category, its description a link to the token on the dashboard,
 * and one reminder per alert threshold of the workspace (days before the expiry, at the start of
 * that day; 0 is the day itself). An event's UID is the token's id, so calendars update an event
 * when its token is renewed instead of adding one.
 */
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { CATEGORY_DEFINITIONS } from '@expiry-radar/shared/domain/categories';
import { parseDate } from '@expiry-radar/shared/domain/calendar-date';
import { describeDaysLeft } from '@expiry-radar/shared/domain/days-left';
import type { Token } from '@expiry-radar/shared/domain/token';

const DAY_SECONDS = 24 * 60 * 60;

export interface CalendarFeedInput {
  readonly workspaceId: string;
  readonly workspaceName: string;
  readonly tokens: readonly Pick<Token, 'id' | 'name' | 'category' | 'expiresAt'>[];
  /** Days before expiry. */
  readonly thresholds: readonly number[];
  /** The dashboard address of a token. */
  readonly tokenUrl: (tokenId: string) => string;
  readonly now: Date;
}

/** The expiry's calendar day at 00:00 UTC (a date-time expiry counts on its UTC day). */
function expiryDay(expiresAt: string): Date | null {
  const instant = parseDate(expiresAt);
  if (!instant) return null;
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
}

export function buildCalendarFeed(input: CalendarFeedInput): string {
  const calendar = ical({
    name: `Expiry Radar: ${input.workspaceName}`,
    prodId: { company: 'Expiry Radar', product: 'Token expiries', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  const thresholds = [...new Set(input.thresholds)].sort((a, b) => b - a);
  for (const token of input.tokens) {
    const day = expiryDay(token.expiresAt);
    if (!day) continue;
    const url = input.tokenUrl(token.id);
    const category = CATEGORY_DEFINITIONS[token.category]?.label ?? token.category;
    const event = calendar.createEvent({
      id: `${token.id}@expiry-radar`,
      start: day,
      allDay: true,
      stamp: input.now,
      summary: `${token.name} expires (${category})`,
      description: `${token.name} (${category}) expires on this day.\n${url}`,
      url,
    });
    for (const days of thresholds) {
      event.createAlarm({
        type: ICalAlarmType.display,
        trigger: days * DAY_SECONDS,
        description: `${token.name} ${describeDaysLeft(days)}`,
      });
    }
  }
  return calendar.toString();
}
