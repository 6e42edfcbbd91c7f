import { readAlertSettingsRecord } from '../../data/alert-settings-records';
import { createHttpHandler } from '../../platform/create-http-handler';
import { loadWorkspaceAccess } from '../../platform/workspace-access';
import { requireSession } from '../auth/require-session';
import { alertSettingsView } from './alert-settings-view';

/** `GET /api/v1/workspaces/{id}/alert-settings`: any member; frozen workspaces too. */
export const handler = createHttpHandler('getAlertSettings', async ({ params, session }) => {
  const { user } = requireSession(session);
  const access = await loadWorkspaceAccess(params.id, user.id);
  const record = await readAlertSettingsRecord(access.workspaceId);
  return { body: await alertSettingsView(record, access) };
});
