import { workspaceIdField } from '@expiry-radar/shared/api/common-schemas';
import { listTokensQuery } from '@expiry-radar/shared/api/token-api-schemas';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { listTokens, readPageAhead } from '../../data/token-listing';
import type { IndexPage } from '../../data/token-index-reader';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { parseQueryString } from '../pipeline/query-string';
import { requireSession } from '../pipeline/require-session';
import { tokenRoutes } from '@expiry-radar/shared/api/routes/token-routes';

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
 * The page of a valid query without a search, read while the session and the access check are:
 * the page costs no round trip after them. The handler takes it only once access is granted; for
 * a caller without access it is read and dropped.
 */
function readPageOfQuery(event: APIGatewayProxyEventV2): Promise<IndexPage> | undefined {
  const parsed = listTokensQuery.safeParse(parseQueryString(event.rawQueryString ?? ''));
  if (!parsed.success) return undefined;
  const { workspace_id: workspaceId, ...request } = parsed.data;
  return readPageAhead({ ...request, workspaceId });
}

/**
 * `GET /api/tokens`: a page of a workspace's tokens (members only; non-members get 404), its
 * total, and facets counted under the search and every filter but their own (the category facet
 * under the section filter, the section facet under the category filter).
 * `owner_id` (`me`: the caller) keeps the tokens that member owns, read from the search index.
 */
export const handler = createHttpHandler(
  tokenRoutes.listTokens,
  async ({ query, session, workspaceAccess, readAhead }) => {
    const { workspace_id: workspaceId, owner_id: owner, ...request } = query;
    const access = await workspaceAccess(workspaceId);
    const { user } = requireSession(session);
    const { items, total, facets } = await listTokens({
      ...request,
      owner_id: owner === 'me' ? user.id : owner,
      workspaceId: access.workspaceId,
      tokenCounters: access.tokenCounters,
      pageReadAhead: readAhead,
    });
    return { body: { items, total, facets } };
  },
  {
    prefetchWorkspaceOf: (event) => workspaceIdOfQuery(event.rawQueryString),
    readAheadOf: readPageOfQuery,
  },
);
