import { listAlertRecords } from '../../data/alert-listing';
import { alertQueueItem } from '../../services/alerts/alert-queue-view';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { workspacesInScope } from '../../services/alerts/alert-scope';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `GET /api/alert-queue`: alerts newest queued first, with per-channel (and per-recipient)
 * delivery state, for one workspace or merged over every workspace of the caller.
 */
export const handler = createHttpHandler(
  alertRoutes.listAlertQueue,
  async ({ query, session, now }) => {
    const { user } = requireSession(session);
    const workspaces = await workspacesInScope({
      caller: user,
      workspaceId: query.workspace_id,
      editorsOnly: false,
    });
    const records = await listAlertRecords(
      workspaces.map(({ workspaceId }) => workspaceId),
      query.offset + query.limit,
      now,
    );
    return { body: { items: records.slice(query.offset).map(alertQueueItem) } };
  },
);
