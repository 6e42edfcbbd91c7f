import type { QueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '../../../lib/api-error-details';
import { planKeys } from '../../plan';
import { tokenKeys } from '../../tokens';
import { workspaceKeys } from './workspace-keys';

/**
 * What to load again after a change to workspaces. Workspaces (lists and details) and the plan
 * with its usage (owned workspaces, members and tokens per workspace count against it).
 */
export async function refreshWorkspaces(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
  ]);
}

/** After an invitation, a role change or a removal: the members and the usage. */
export async function refreshMembers(queryClient: QueryClient, workspaceId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.members(workspaceId) }),
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
  ]);
}

/**
 * A workspace the user no longer reaches (deleted, or left): the lists and usage load again, and
 * its cached details, members and tokens are dropped rather than asked for (they would be 404s).
 */
export async function forgetWorkspace(
  queryClient: QueryClient,
  workspaceId: string,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: planKeys.all }),
  ]);
  queryClient.removeQueries({ queryKey: workspaceKeys.detail(workspaceId) });
  queryClient.removeQueries({ queryKey: tokenKeys.workspace(workspaceId) });
}

/**
 * A change refused with 403 WORKSPACE_FROZEN means the list is out of date (the owner's plan
 * dropped meanwhile): load it again so the page turns read-only. The toast has said why;
 * `onFrozen` runs first (the page keeps the workspace open, as frozen ones are never selected).
 */
export async function refreshIfFrozen(
  queryClient: QueryClient,
  error: unknown,
  onFrozen?: () => void,
): Promise<void> {
  if (!hasErrorCode(error, 'WORKSPACE_FROZEN')) return;
  onFrozen?.();
  await refreshWorkspaces(queryClient);
}
