import { createHttpHandler } from '../../platform/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../platform/workspace-access';
import { requireSession } from '../auth/require-session';
import { changeMemberRole } from './member-changes';

/** `PATCH /api/v1/workspaces/{id}/members/{userId}` `{role}` (admin or workspace manager). */
export const handler = createHttpHandler('updateMember', async ({ params, body, session, now }) => {
  const { user } = requireSession(session);
  const access = await loadWorkspaceAccess(params.id, user.id);
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
});
