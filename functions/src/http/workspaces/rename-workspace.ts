import { AUDIT_ACTIONS } from '../../data/audit-events';
import { renameWorkspace } from '../../data/workspace-store';
import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireAdmin,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { recordWorkspaceEvent } from '../../services/workspaces/workspace-audit';
import { workspaceView } from '../../services/workspaces/workspace-view';

/** `PATCH /api/v1/workspaces/{id}` `{name}`: admin only; not while frozen. */
export const handler = createHttpHandler(
  'renameWorkspace',
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireAdmin(access);
    requireNotFrozen(access);
    const workspace = await renameWorkspace(access.workspaceId, body.name, now);
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
