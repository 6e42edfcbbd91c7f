import { queryOptions } from '@tanstack/react-query';
import { listWorkspacesResponse } from '@expiry-radar/shared/api/workspace-api-schemas';
import { WORKSPACE_LOOKUP_PAGE_SIZE } from '@expiry-radar/shared/constants/paging';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKeys } from './workspace-keys';

export const WORKSPACES_PATH = '/api/v1/workspaces';

/** The user's workspaces (a lookup of up to 100), cached 30 s (spec §7). */
export function workspaceListQueryOptions(page = { limit: WORKSPACE_LOOKUP_PAGE_SIZE, offset: 0 }) {
  return queryOptions({
    queryKey: workspaceKeys.list(page),
    queryFn: ({ signal }) =>
      apiRequest(WORKSPACES_PATH, { query: page, schema: listWorkspacesResponse, signal }),
    staleTime: CLIENT_CACHE_MS.workspaces,
  });
}
