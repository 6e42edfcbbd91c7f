import { queryOptions } from '@tanstack/react-query';
import {
  listMembersResponse,
  listWorkspacesResponse,
} from '@expiry-radar/shared/api/workspace-api-schemas';
import {
  MEMBER_LIST_PAGE_SIZE,
  WORKSPACE_LOOKUP_PAGE_SIZE,
} from '@expiry-radar/shared/constants/paging';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { apiRequest } from '../../../lib/api-client';
import { workspaceKeys } from './workspace-keys';

export const WORKSPACES_PATH = '/api/v1/workspaces';

/** `/api/v1/workspaces/{id}`. */
export function workspacePath(id: string): string {
  return `${WORKSPACES_PATH}/${encodeURIComponent(id)}`;
}

/** `/api/v1/workspaces/{id}/members`, or one member's (or invitation's) path. */
export function membersPath(id: string, userId?: string): string {
  const base = `${workspacePath(id)}/members`;
  return userId === undefined ? base : `${base}/${encodeURIComponent(userId)}`;
}

/** The user's workspaces (a lookup of up to 100), cached 30 s (spec §7). */
export function workspaceListQueryOptions(page = { limit: WORKSPACE_LOOKUP_PAGE_SIZE, offset: 0 }) {
  return queryOptions({
    queryKey: workspaceKeys.list(page),
    queryFn: ({ signal }) =>
      apiRequest(WORKSPACES_PATH, { query: page, schema: listWorkspacesResponse, signal }),
    staleTime: CLIENT_CACHE_MS.workspaces,
  });
}

/** A page of a workspace's members and pending invitations (50 per page). */
export function membersQueryOptions(
  workspaceId: string,
  page = { limit: MEMBER_LIST_PAGE_SIZE, offset: 0 },
) {
  return queryOptions({
    queryKey: workspaceKeys.memberPage(workspaceId, page),
    queryFn: ({ signal }) =>
      apiRequest(membersPath(workspaceId), { query: page, schema: listMembersResponse, signal }),
  });
}
