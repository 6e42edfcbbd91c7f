import { recordAlertRequest } from '../../data/alert-audit';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { requeueAlerts } from '../../services/alerts/alert-requeue';
import { workspacesInScope } from '../../services/alerts/alert-scope';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `POST /api/alert-queue/requeue`: brings failed, skipped and dead-lettered alerts back, in one
 * workspace or every workspace the caller edits (admin, workspace manager). Their failed
 * deliveries become pending again; dead letters move back to the alert queue and the other
 * deliveries get new messages (one digest per address). Frozen workspaces are left paused. Answers how many alerts.
 */
export const handler = createHttpHandler(
  alertRoutes.requeueAlerts,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    const workspaces = (
      await workspacesInScope({ caller: user, workspaceId: body.workspace_id, editorsOnly: true })
    ).filter((workspace) => !workspace.isFrozen);
    const requeued = await requeueAlerts({
      workspaceIds: workspaces.map(({ workspaceId }) => workspaceId),
      now,
    });

    for (const workspace of workspaces) {
      const alertIds = requeued
        .filter((record) => record.workspaceId === workspace.workspaceId)
        .map((record) => record.alertId);
      if (alertIds.length === 0) continue;
      await recordAlertRequest({
        action: AUDIT_ACTIONS.alertsRequeued,
        workspaceId: workspace.workspaceId,
        plan: workspace.plan,
        actor: { id: user.id, email: user.email },
        target: { id: workspace.workspaceId, name: null },
        metadata: { alerts: alertIds.length, alert_ids: alertIds.slice(0, 100) },
        now,
      });
    }
    return { body: { updated: requeued.length } };
  },
);
