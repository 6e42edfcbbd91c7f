import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { isPlan, PLAN_LABELS, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { workspaceLimitMessage } from '@expiry-radar/shared/domain/workspace-limit';

/** The owner is a workspace's only admin: the workspaces where the user is admin are their own. */
export function isOwnWorkspace(workspace: Pick<Workspace, 'role'>): boolean {
  return workspace.role === 'admin';
}

/**
 * "Your Pro plan allows 3 workspaces; you own 2." Frozen own workspaces count too. At the
 * limit, `limitReason` says why no workspace can be created (the server's refusal). Null when
 * the plan is unknown.
 */
export function ownedWorkspacesLine(
  plan: string | undefined,
  workspaces: readonly Workspace[],
): { text: string; limitReason: string | null } | null {
  if (!isPlan(plan)) return null;
  const limit = PLAN_LIMITS[plan].workspacesOwned;
  const owned = workspaces.filter(isOwnWorkspace).length;
  if (limit === null) {
    return {
      text: `Your ${PLAN_LABELS[plan]} plan has no workspace limit; you own ${owned}.`,
      limitReason: null,
    };
  }
  const noun = limit === 1 ? 'workspace' : 'workspaces';
  return {
    text: `Your ${PLAN_LABELS[plan]} plan allows ${limit} owned ${noun}; you own ${owned}.`,
    limitReason: owned >= limit ? workspaceLimitMessage(plan) : null,
  };
}
