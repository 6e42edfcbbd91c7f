import { createHttpHandler } from '../pipeline/create-http-handler';
import { renderCalendarFeed } from '../../services/calendar/calendar-feed';
import { calendarFeedRoutes } from '@expiry-radar/shared/api/routes/calendar-feed-routes';

/**
 * `GET /api/v1/workspaces/{id}/calendar.ics?key=…`: the workspace's calendar feed, fetched by
 * calendar apps without a session; the key is a member's proof (404 when it is wrong or the member
 * can no longer see the workspace).
 */
export const handler = createHttpHandler(
  calendarFeedRoutes.getCalendarFeed,
  async ({ params, query, now }) => ({
    text: await renderCalendarFeed(params.id, query.key, now),
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="expiry-radar.ics"',
    },
  }),
);
