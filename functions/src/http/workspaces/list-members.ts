import { createHttpHandler } from '../pipeline/create-http-handler';
import { loadWorkspaceAccess } from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { listMemberViews, memberMatches } from '../../services/members/member-views';
import { workspaceRoutes } from '@expiry-radar/shared/api/routes/workspace-routes';

/**
 * `GET /api/v1/workspaces/{id}/members`: members and pending invitations, for any member; with
 * `q`, those whose name or address holds it.
 */
export const handler = createHttpHandler(
  workspaceRoutes.listMembers,
  async ({ params, query, session }) => {
    const { user } = requireSession(session);
    const access = await loadWorkspaceAccess(params.id, user);
    const all = await listMemberViews(access.workspaceId);
    const search = query.q;
    const members = search ? all.filter((member) => memberMatches(member, search)) : all;
    return {
      body: {
        items: members.slice(query.offset, query.offset + query.limit),
        total: members.length,
      },
    };
  },
);
