import { createHttpHandler } from '../pipeline/create-http-handler';
import { calendarFeedLink } from '../../services/calendar/calendar-feed';

/** `GET /api/v1/workspaces/{id}/calendar-feed`: the feed's path with its key, for members. */
export const handler = createHttpHandler(
  'getCalendarFeedLink',
  async ({ params, workspaceAccess }) => ({
    body: await calendarFeedLink(await workspaceAccess(params.id)),
  }),
);
