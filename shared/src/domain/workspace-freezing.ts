/**
 * Which of the workspaces a user owns their plan leaves active. A workspace's plan is its
 * owner's, and no owner keeps more in use than that plan allows: a workspace holding more tokens
 * or members (pending invitations included) than the plan allows per workspace is frozen, and of
 * the others the oldest owned, up to the plan's number of workspaces, stay active while the
 * newest beyond it are frozen (read-only, alerts paused; nothing is deleted). The same rule
 * applies on every plan change and when a workspace changes owner.
 */
import { isWithinLimit, PLAN_LIMITS, type Plan } from './plans';

export type FreezeReason = 'workspace_limit' | 'token_limit' | 'member_limit';

export interface WorkspaceUsage {
  readonly tokens: number;
  /** Members plus pending invitations, as the member limit counts them. */
  readonly members: number;
}

/** Why a workspace with this usage cannot be active on `plan` whatever else is owned, or null. */
export function usageFreezeReason(plan: Plan, usage: WorkspaceUsage): FreezeReason | null {
  const limits = PLAN_LIMITS[plan];
  if (!isWithinLimit(limits.tokensPerWorkspace, usage.tokens)) return 'token_limit';
  if (!isWithinLimit(limits.membersPerWorkspace, usage.members)) return 'member_limit';
  return null;
}

/**
 * Why each owned workspace is frozen on `plan` (null: active). `owned` is ordered by when the
 * user came to own each workspace, oldest first.
 */
export function freezeReasons(
  plan: Plan,
  owned: readonly WorkspaceUsage[],
): (FreezeReason | null)[] {
  const workspaceLimit = PLAN_LIMITS[plan].workspacesOwned;
  let active = 0;
  return owned.map((usage) => {
    const overUsage = usageFreezeReason(plan, usage);
    if (overUsage) return overUsage;
    if (workspaceLimit !== null && active >= workspaceLimit) return 'workspace_limit';
    active += 1;
    return null;
  });
}
