import { alertSettingsView } from '../../services/alerts/alert-settings-view';
import { removeBouncedAddress } from '../../services/alerts/bounced-addresses';
import { loadWorkspaceAccess, requireEditor } from '../../services/workspaces/workspace-access';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

/**
 * `POST /api/v1/workspaces/{id}/bounced-addresses/remove`: admins and workspace managers take one
 * of the workspace's contact addresses off the suppression list (audited); answers the alert
 * settings as they now read.
 */
export const handler = createHttpHandler(
  invitationRoutes.removeBouncedAddress,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireEditor(access);
    const record = await removeBouncedAddress({ access, actor: user, address: body.address, now });
    return { body: await alertSettingsView(record, access) };
  },
);
