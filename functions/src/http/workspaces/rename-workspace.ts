import { AUDIT_ACTIONS } from '../../data/audit-events';
import { renameWorkspace } from '../../data/workspace-store';
import { withWorkspaceNameErrors } from '../../services/workspaces/workspace-name-errors';
import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireAdmin,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { recordWorkspaceEvent } from '../../services/workspaces/workspace-audit';
import { workspaceView } from '../../services/workspaces/workspace-view';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `PATCH /api/v1/workspaces/{id}` `{name}`: admin only; not while frozen; not to a name the owner
 * uses for another workspace (409 at the name).
 */
export const handler = createHttpHandler(
  workspaceRoutes.renameWorkspace,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireAdmin(access);
    requireNotFrozen(access);
    const workspace = await withWorkspaceNameErrors(() =>
      renameWorkspace({
        workspaceId: access.workspaceId,
        ownerId: access.ownerId,
        from: access.name,
        name: body.name,
        now,
      }),
    );
    await recordWorkspaceEvent({
      workspace: access,
      actor: user,
      action: AUDIT_ACTIONS.workspaceRenamed,
      target: { type: 'workspace', id: access.workspaceId, name: workspace.name },
      metadata: { from: access.name, to: workspace.name },
      now,
    });
    return { body: workspaceView(workspace, access.role) };
  },
);
