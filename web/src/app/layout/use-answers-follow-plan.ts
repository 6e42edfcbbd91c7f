import { useEffect } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import type { PlanResponse } from '@expiry-radar/shared/api/billing-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { planKeys } from '../../features/plan';
import { isOwnWorkspace, workspaceKeys } from '../../features/workspaces';

/** An answer read before the plan changed, and not being read again already. */
function settledWith(query: Query, otherPlan: (data: never) => boolean): boolean {
  return (
    query.state.fetchStatus === 'idle' &&
    query.state.data !== undefined &&
    otherPlan(query.state.data as never)
  );
}

/**
 * The session's plan (`plan`) is the user's: the answers that still say another (the plan's own,
 * the workspaces the user owns, whose limits are their owner's plan) are read again. So a tab
 * left open while the plan changed in another tab lifts (or applies) the new limits once its
 * session is checked again on return; after a change made in this tab they already agree.
 */
export function useAnswersFollowPlan(plan: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (plan === undefined) return;
    void queryClient.invalidateQueries({
      queryKey: planKeys.current(),
      predicate: (query) => settledWith(query, (answer: PlanResponse) => answer.plan !== plan),
    });
    void queryClient.invalidateQueries({
      queryKey: workspaceKeys.lists(),
      predicate: (query) =>
        settledWith(query, (answer: { items: readonly Workspace[] }) =>
          answer.items.some((workspace) => isOwnWorkspace(workspace) && workspace.plan !== plan),
        ),
    });
  }, [plan, queryClient]);
}
