import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { inviteMember } from '../../services/members/member-invitations';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `POST /api/v1/workspaces/{id}/members` `{email, role}` (admin or workspace manager): invites
 * the address by email, whether it has an account or not; within the plan's members per
 * workspace (invitations count) and the invitation rate limits.
 */
export const handler = createHttpHandler(
  workspaceRoutes.addMember,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    requireEditor(access);
    requireNotFrozen(access);
    const member = await inviteMember({ access, actor: user, ...body, now });
    return { status: 201, body: member };
  },
);
