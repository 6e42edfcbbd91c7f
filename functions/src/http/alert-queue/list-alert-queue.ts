import { alertQueueItem, listAlertRecords, toAlertRecord } from '../../data/alert-records';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { workspacesInScope } from '../../services/alerts/alert-scope';

/**
 * `GET /api/alert-queue`: alerts newest window first, with per-channel (and per-recipient)
 * delivery state, for one workspace or merged over every workspace of the caller.
 */
export const handler = createHttpHandler('listAlertQueue', async ({ query, session }) => {
  const { user } = requireSession(session);
  const workspaces = await workspacesInScope({
    userId: user.id,
    workspaceId: query.workspace_id,
    editorsOnly: false,
  });
  const count = query.offset + query.limit;
  const perWorkspace = await Promise.all(
    workspaces.map(({ workspaceId }) => listAlertRecords(workspaceId, count)),
  );
  const page = perWorkspace
    .flat()
    .sort((a, b) => (String(a.sk) < String(b.sk) ? 1 : String(a.sk) > String(b.sk) ? -1 : 0))
    .slice(query.offset, count);
  return { body: { items: page.map((item) => alertQueueItem(toAlertRecord(item))) } };
});
