import { workspaceIdField } from '@expiry-radar/shared/api/common-schemas';
import { listTokens } from '../../data/token-listing';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { parseQueryString } from '../pipeline/query-string';

/**
 * The `workspace_id` of the raw query, read before validation so the access check joins the
 * session's read; only a valid one (an invalid one is answered 400 by validation, and a too long
 * one would not even make a table key).
 */
function workspaceIdOfQuery(rawQueryString: string | undefined): string | undefined {
  const parsed = workspaceIdField.safeParse(parseQueryString(rawQueryString ?? '').workspace_id);
  return parsed.success ? parsed.data : undefined;
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
