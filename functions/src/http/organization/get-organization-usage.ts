import { isPlan, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { readAlertSettings } from '../../data/alert-settings-records';
import { readDeliveriesThisMonth } from '../../data/alert-usage';
import { countMembersAndInvitations } from '../../data/member-records';
import { organizationSeats } from '../../services/scim/organization-seats';
import { listOwnedWorkspaces } from '../../data/workspace-store';
import { monthOf } from '../../services/alerts/delivery-rules';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { billingRoutes } from '@expiry-radar/shared/api/routes/billing-routes';

/**
 * `GET /api/organization/usage`: the caller's organization (the workspaces they own) against
 * their plan: alert deliveries this month, workspaces, seats (distinct people, of whom how many
 * SCIM keeps active), and per workspace tokens, members (pending invitations included) and
 * webhooks.
 */
export const handler = createHttpHandler(
  billingRoutes.getOrganizationUsage,
  async ({ session, now }) => {
    const { user } = requireSession(session);
    const plan = isPlan(user.plan) ? user.plan : 'free';
    const month = monthOf(now);
    const owned = await listOwnedWorkspaces(user.id);
    const [members, settings, deliveries, seats] = await Promise.all([
      Promise.all(owned.map((workspace) => countMembersAndInvitations(workspace.id))),
      Promise.all(owned.map((workspace) => readAlertSettings(workspace.id))),
      readDeliveriesThisMonth([user.id], month),
      organizationSeats(user.id, owned),
    ]);
    const workspaces = owned.map((workspace, index) => ({
      id: workspace.id,
      name: workspace.name,
      is_frozen: workspace.isFrozen,
      tokens: workspace.tokenCount,
      members: members[index] ?? 0,
      webhooks: settings[index]?.webhook_urls.length ?? 0,
    }));
    return {
      body: {
        plan,
        limits: PLAN_LIMITS[plan],
        usage: {
          month,
          workspacesOwned: owned.length,
          alertDeliveriesThisMonth: deliveries.get(user.id) ?? 0,
          tokens: workspaces.reduce((sum, workspace) => sum + workspace.tokens, 0),
          members: workspaces.reduce((sum, workspace) => sum + workspace.members, 0),
          seats: seats.seats,
          provisionedSeats: seats.provisioned,
        },
        workspaces,
      },
    };
  },
);
