import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { removeMemberOrInvitation } from '../../services/members/member-changes';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `DELETE /api/v1/workspaces/{id}/members/{userId}` (admin or workspace manager): removes a
 * member, or cancels an invitation when `userId` is an invitation's id. The member's tokens go to
 * `successor_id` (another member) or are left without an owner.
 */
export const handler = createHttpHandler(
  workspaceRoutes.removeMember,
  async ({ params, query, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireEditor(access);
    requireNotFrozen(access);
    await removeMemberOrInvitation({
      access,
      actor: user,
      targetId: params.userId,
      now,
      ...(query.successor_id ? { successorId: query.successor_id } : {}),
    });
    return { body: { ok: true } };
  },
);
