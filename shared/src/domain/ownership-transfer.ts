/**
 * Why a workspace's owner cannot hand it to a member: the member's plan would not keep it active
 * (workspaces they may own, or its tokens or members beyond the plan's per-workspace limits), so
 * the transfer is refused rather than freezing the workspace by surprise.
 */
import { formatLimit, PLAN_LABELS, PLAN_LIMITS, type Plan } from './plans';
import { countText } from './count-text';
import type { FreezeReason, WorkspaceUsage } from './workspace-freezing';

export function ownershipTransferLimitMessage(options: {
  /** The member's name as the product shows it (display name, else email). */
  readonly memberName: string;
  readonly plan: Plan;
  readonly reason: FreezeReason;
  readonly usage: WorkspaceUsage;
}): string {
  const { memberName, plan, reason, usage } = options;
  const limits = PLAN_LIMITS[plan];
  const their = `${memberName}'s ${PLAN_LABELS[plan]} plan`;
  if (reason === 'workspace_limit') {
    const limit = limits.workspacesOwned;
    const noun = limit === 1 ? 'workspace' : 'workspaces';
    return `${their} allows ${formatLimit(limit)} ${noun}; they must upgrade before they can own this one.`;
  }
  if (reason === 'token_limit') {
    return `${their} allows ${formatLimit(limits.tokensPerWorkspace)} tokens per workspace and this one has ${countText(usage.tokens)}; they must upgrade before they can own it.`;
  }
  const limit = limits.membersPerWorkspace;
  return `${their} allows ${formatLimit(limit)} ${limit === 1 ? 'member' : 'members'} per workspace and this one has ${countText(usage.members)} (pending invitations included); they must upgrade before they can own it.`;
}
