import { queryOptions } from '@tanstack/react-query';
import {
  MEMBER_LIST_PAGE_SIZE,
  WORKSPACE_LOOKUP_PAGE_SIZE,
} from '@expiry-radar/shared/constants/paging';
import { CLIENT_CACHE_MS } from '@expiry-radar/shared/constants/timing';
import { call } from '../../../lib/api-call';
import { callAtStartUp } from '../../../lib/start-up-calls';
import { workspaceKeys } from './workspace-keys';

/** The user's workspaces (a lookup of up to 100), cached 30 s. */
export function workspaceListQueryOptions(page = { limit: WORKSPACE_LOOKUP_PAGE_SIZE, offset: 0 }) {
  return queryOptions({
    queryKey: workspaceKeys.list(page),
    queryFn: ({ signal }) => callAtStartUp('listWorkspaces', { query: page }, { signal }),
    staleTime: CLIENT_CACHE_MS.workspaces,
  });
}

/**
 * The pending invitations to the user's verified address. A failure shows no toast (the list is
 * a side panel, not the page).
 */
export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: workspaceKeys.invitations(),
    queryFn: ({ signal }) => call('listInvitations', {}, { signal, silent: true }),
  });
}

/**
 * A page of a workspace's members and pending invitations (50 per page); with `q`, of those whose
 * name or address holds it.
 */
export function membersQueryOptions(
  workspaceId: string,
  page: { limit: number; offset: number; q?: string } = {
    limit: MEMBER_LIST_PAGE_SIZE,
    offset: 0,
  },
) {
  return queryOptions({
    queryKey: workspaceKeys.memberPage(workspaceId, page),
    queryFn: ({ signal }) =>
      call('listMembers', { params: { id: workspaceId }, query: page }, { signal }),
  });
}
