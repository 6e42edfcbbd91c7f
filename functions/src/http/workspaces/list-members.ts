import { createHttpHandler } from '../pipeline/create-http-handler';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { listMemberViews } from '../../services/members/member-views';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/** `GET /api/v1/workspaces/{id}/members`: members and pending invitations, for any member. */
export const handler = createHttpHandler(
  workspaceRoutes.listMembers,
  async ({ params, query, session }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    const members = await listMemberViews(access.workspaceId);
    return {
      body: {
        items: members.slice(query.offset, query.offset + query.limit),
        total: members.length,
      },
    };
  },
);
