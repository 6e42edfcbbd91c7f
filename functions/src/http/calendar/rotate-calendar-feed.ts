import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { rotateCalendarFeed } from '../../services/calendar/calendar-feed';
import { calendarFeedRoutes } from '@expiry-radar/shared/api/routes/calendar-feed-routes';

/**
 * `POST /api/v1/workspaces/{id}/calendar-feed/rotate`: replaces every member's feed key (admin or
 * workspace manager); calendars subscribed with an old URL stop receiving it.
 */
export const handler = createHttpHandler(
  calendarFeedRoutes.rotateCalendarFeed,
  async ({ params, session, workspaceAccess, now }) => {
    const { user } = requireSession(session);
    const access = await workspaceAccess(params.id);
    return { body: await rotateCalendarFeed(access, user, now) };
  },
);
