import { readAlertSettingsRecord } from '../../data/alert-settings-records';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { alertSettingsView } from '../../services/alerts/alert-settings-view';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/** `GET /api/v1/workspaces/{id}/alert-settings`: any member; frozen workspaces too. */
export const handler = createHttpHandler(
  invitationRoutes.getAlertSettings,
  async ({ params, session }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    const record = await readAlertSettingsRecord(access.workspaceId);
    return { body: await alertSettingsView(record, access) };
  },
);
