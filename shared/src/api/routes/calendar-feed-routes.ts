/** Calendar feed: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import {
  calendarFeedLinkResponse,
  calendarFeedQuery,
  calendarFeedResponse,
} from '../calendar-feed-api-schemas';
import { idParams } from '../common-schemas';

export const calendarFeedRoutes = {
  getCalendarFeed: {
    id: 'getCalendarFeed',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/calendar.ics',
    auth: 'public',
    summary:
      "A workspace's tokens as an iCalendar feed: one all-day event per expiry, reminders at the workspace's alert thresholds. No session: the feed's key in the query is the proof; a wrong key answers 404.",
    request: { params: idParams, query: calendarFeedQuery },
    response: calendarFeedResponse,
    responseMediaType: 'text/calendar',
  },
  getCalendarFeedLink: {
    id: 'getCalendarFeedLink',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/calendar-feed',
    auth: 'verifiedSession',
    summary: "The calendar feed's path with its key (members).",
    request: { params: idParams },
    response: calendarFeedLinkResponse,
  },
  rotateCalendarFeed: {
    id: 'rotateCalendarFeed',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/calendar-feed/rotate',
    auth: 'verifiedSession',
    summary:
      "Replaces the calendar feed's key: the old URL stops working (admin or workspace manager).",
    request: { params: idParams },
    response: calendarFeedLinkResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
