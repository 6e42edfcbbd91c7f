import { createHttpHandler } from '../pipeline/create-http-handler';
import { MEMBER_POLICY_MESSAGES, refuseRemovalRequest } from '../../domain/member-policy';
import { AppError } from '../../platform/app-error';
import { loadWorkspaceAccess, requireNotFrozen } from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { removeMemberOrInvitation } from '../../services/members/member-changes';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `DELETE /api/v1/workspaces/{id}/members/{userId}`: an admin or workspace manager removes a
 * member, or cancels an invitation when `userId` is an invitation's id; any member but the admin
 * leaves with their own id. The member's tokens go to `successor_id` (another member, named by an
 * admin or workspace manager only) or are left without an owner.
 */
export const handler = createHttpHandler(
  workspaceRoutes.removeMember,
  async ({ params, query, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    const refusal = refuseRemovalRequest({
      actorId: user.id,
      actorRole: access.role,
      targetId: params.userId,
      handsOver: Boolean(query.successor_id),
    });
    if (refusal) throw new AppError('FORBIDDEN', MEMBER_POLICY_MESSAGES[refusal]);
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
