import { createHttpHandler } from '../../platform/create-http-handler';
import { loadWorkspaceAccess } from '../../platform/workspace-access';
import { requireSession } from '../auth/require-session';
import { listMemberViews } from './member-views';

/** `GET /api/v1/workspaces/{id}/members`: members and pending invitations, for any member. */
export const handler = createHttpHandler('listMembers', async ({ params, query, session }) => {
  const { user } = requireSession(session);
  const access = await loadWorkspaceAccess(params.id, user.id);
  const members = await listMemberViews(access.workspaceId);
  return {
    body: {
      items: members.slice(query.offset, query.offset + query.limit),
      total: members.length,
    },
  };
});
