import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { changeMemberRole } from '../../services/members/member-changes';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/** `PATCH /api/v1/workspaces/{id}/members/{userId}` `{role}` (admin or workspace manager). */
export const handler = createHttpHandler(
  workspaceRoutes.updateMember,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireEditor(access);
    requireNotFrozen(access);
    const member = await changeMemberRole({
      access,
      actor: user,
      targetId: params.userId,
      role: body.role,
      now,
    });
    return { body: member };
  },
);
