import { listTokens } from '../../data/token-listing';
import { createHttpHandler } from '../../platform/create-http-handler';
import { loadWorkspaceAccess } from '../../platform/workspace-access';
import { requireSession } from '../auth/require-session';

/**
 * `GET /api/tokens`: a page of a workspace's tokens (members only; non-members get 404), its
 * total, and facets counted with the search applied but not the category and section filters.
 */
export const handler = createHttpHandler('listTokens', async ({ query, session }) => {
  const { user } = requireSession(session);
  const { workspace_id: workspaceId, ...request } = query;
  const access = await loadWorkspaceAccess(workspaceId, user.id);
  const { items, total, facets } = await listTokens({
    ...request,
    workspaceId: access.workspaceId,
  });
  return { body: { items, total, facets } };
});
