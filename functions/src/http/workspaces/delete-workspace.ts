import { AUDIT_ACTIONS } from '../../data/audit-events';
import { deleteWorkspaceData } from '../../data/workspace-records';
import { releaseWorkspaceName } from '../../data/workspace-names';
import { releaseOwnedWorkspace } from '../../data/workspace-store';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { loadWorkspaceAccess, requireAdmin } from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { settleOwnedWorkspaces } from '../../services/billing/change-plan';
import { recordWorkspaceEvent } from '../../services/workspaces/workspace-audit';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `DELETE /api/v1/workspaces/{id}`: admin only. Removes its tokens, settings, invitations and
 * memberships; its audit trail stays until its retention ends. Allowed on a frozen workspace,
 * which is one way out of being over the plan's limit.
 */
export const handler = createHttpHandler(
  workspaceRoutes.deleteWorkspace,
  async ({ params, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireAdmin(access);
    await deleteWorkspaceData(access.workspaceId);
    await releaseOwnedWorkspace(access.ownerId, access.workspaceId);
    await releaseWorkspaceName(access.ownerId, access.name, access.workspaceId);
    await recordWorkspaceEvent({
      workspace: access,
      actor: user,
      action: AUDIT_ACTIONS.workspaceDeleted,
      target: { type: 'workspace', id: access.workspaceId, name: access.name },
      metadata: { name: access.name },
      now,
    });
    // One fewer owned workspace: a frozen one may fit the plan now, and the notice may end.
    await settleOwnedWorkspaces({ userId: access.ownerId, actor: user, now });
    return { body: { ok: true } };
  },
);
