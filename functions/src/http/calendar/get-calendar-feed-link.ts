import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { calendarFeedLink } from '../../services/calendar/calendar-feed';
import { calendarFeedRoutes } from '@expiry-radar/shared/api/routes/calendar-feed-routes';

/** `GET /api/v1/workspaces/{id}/calendar-feed`: the caller's own feed path and key (members). */
export const handler = createHttpHandler(
  calendarFeedRoutes.getCalendarFeedLink,
  async ({ params, session, workspaceAccess }) => {
    const { user } = requireSession(session);
    return { body: await calendarFeedLink(await workspaceAccess(params.id), user) };
  },
);
