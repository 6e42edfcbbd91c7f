import { listTokens } from '../../data/token-listing';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { parseQueryString } from '../pipeline/query-string';

/** The raw `workspace_id`, read before validation so the access check joins the session's read. */
function workspaceIdOfQuery(rawQueryString: string | undefined): string | undefined {
  const value = parseQueryString(rawQueryString ?? '').workspace_id;
  return typeof value === 'string' ? value : undefined;
}

/**
 * `GET /api/tokens`: a page of a workspace's tokens (members only; non-members get 404), its
 * total, and facets counted with the search applied but not the category and section filters.
 */
export const handler = createHttpHandler(
  'listTokens',
  async ({ query, workspaceAccess }) => {
    const { workspace_id: workspaceId, ...request } = query;
    const access = await workspaceAccess(workspaceId);
    const { items, total, facets } = await listTokens({
      ...request,
      workspaceId: access.workspaceId,
      tokenCounters: access.tokenCounters,
    });
    return { body: { items, total, facets } };
  },
  { prefetchWorkspaceOf: (event) => workspaceIdOfQuery(event.rawQueryString) },
);
