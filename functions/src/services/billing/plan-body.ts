import type { PlanResponse } from '@expiry-radar/shared/api/billing-api-schemas';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import { billingMode } from '../../adapters/billing-config';
import { countMembersAndInvitations } from '../../data/member-records';
import { listOwnedWorkspaces } from '../../data/workspace-store';

/**
 * The answer of `GET /api/account/plan` and `POST /api/billing/confirm`: the plan, its limits,
 * the billing mode, and what the user uses: the workspaces they own with tokens (the workspace's
 * counters) and members (pending invitations included) in each.
 */
export async function planBody(userId: string, plan: Plan): Promise<PlanResponse> {
  const owned = await listOwnedWorkspaces(userId);
  const members = await Promise.all(
    owned.map((workspace) => countMembersAndInvitations(workspace.id)),
  );
  return {
    plan,
    limits: PLAN_LIMITS[plan],
    billingMode: billingMode(),
    usage: {
      workspacesOwned: owned.length,
      workspaces: owned.map((workspace, index) => ({
        id: workspace.id,
        name: workspace.name,
        is_frozen: workspace.isFrozen,
        tokens: workspace.tokenCount,
        members: members[index] ?? 0,
      })),
    },
  };
}
