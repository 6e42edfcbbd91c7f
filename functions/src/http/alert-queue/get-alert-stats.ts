import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { readAlertStats, readDeliveriesThisMonth } from '../../data/alert-usage';
import { monthOf } from '../../services/alerts/delivery-rules';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { workspacesInScope } from '../../services/alerts/alert-scope';
import { slackAppRoutes } from '@expiry-radar/shared/api/routes/slack-app-routes';

/**
 * `GET /api/alert-stats`: this month's attempts, successes and failures per channel, for one
 * workspace or every workspace of the caller, and the deliveries counted against the owners'
 * plans (with the limit when a single owner is concerned).
 */
export const handler = createHttpHandler(
  slackAppRoutes.getAlertStats,
  async ({ query, session, now }) => {
    const { user } = requireSession(session);
    const workspaces = await workspacesInScope({
      caller: user,
      workspaceId: query.workspace_id,
      editorsOnly: false,
    });
    const month = monthOf(now);
    const owners = new Map(workspaces.map((workspace) => [workspace.ownerId, workspace.plan]));
    const [channels, deliveries] = await Promise.all([
      readAlertStats(
        workspaces.map(({ workspaceId }) => workspaceId),
        month,
      ),
      readDeliveriesThisMonth([...owners.keys()], month),
    ]);
    const totals = channels.reduce(
      (sum, channel) => ({
        attempts: sum.attempts + channel.attempts,
        successes: sum.successes + channel.successes,
        failures: sum.failures + channel.failures,
      }),
      { attempts: 0, successes: 0, failures: 0 },
    );
    const [onlyPlan] = owners.size === 1 ? [...owners.values()] : [];
    return {
      body: {
        month,
        channels,
        totals,
        deliveries_this_month: [...deliveries.values()].reduce((sum, value) => sum + value, 0),
        deliveries_limit: onlyPlan ? PLAN_LIMITS[onlyPlan].alertDeliveriesPerMonth : null,
      },
    };
  },
);
