import type { QueryClient } from '@tanstack/react-query';
import { billingKeys } from '../../billing/api/billing-keys';
import { tokenKeys } from '../../tokens/api/token-keys';
import { workspaceKeys } from './workspace-keys';

/**
 * What to load again after a change on the workspaces page. Workspaces (lists and details) and
 * the plan with its usage (owned workspaces, members and tokens per workspace count against it).
 */
export function refreshWorkspaces(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  ]).then(() => undefined);
}

/** After an invitation, a role change or a removal: the members and the usage. */
export function refreshMembers(queryClient: QueryClient, workspaceId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  ]).then(() => undefined);
}

/** A deleted workspace: its cached tokens and details go; lists and usage load again. */
export function forgetWorkspace(queryClient: QueryClient, workspaceId: string): Promise<void> {
  queryClient.removeQueries({ queryKey: tokenKeys.workspace(workspaceId) });
  queryClient.removeQueries({ queryKey: workspaceKeys.detail(workspaceId) });
  return refreshWorkspaces(queryClient);
}
