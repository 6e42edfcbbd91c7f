import { isPlan, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { countMembersAndInvitations } from '../../data/member-records';
import { listOwnedWorkspaces } from '../../data/workspace-store';
import { createHttpHandler } from '../../platform/create-http-handler';
import { requireSession } from '../auth/require-session';

/**
 * `GET /api/account/plan`: the caller's plan, its limits, and their usage: the workspaces they
 * own with tokens (the workspace's counters) and members (pending invitations included) in each.
 */
export const handler = createHttpHandler('getPlan', async ({ session }) => {
  const { user } = requireSession(session);
  const plan = isPlan(user.plan) ? user.plan : 'free';
  const owned = await listOwnedWorkspaces(user.id);
  const members = await Promise.all(
    owned.map((workspace) => countMembersAndInvitations(workspace.id)),
  );
  return {
    body: {
      plan,
      limits: PLAN_LIMITS[plan],
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
    },
  };
});
