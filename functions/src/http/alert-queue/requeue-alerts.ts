import { enqueueAlerts, moveDeadLetters } from '../../adapters/alert-queue';
import { recordAlertRequest } from '../../data/alert-audit';
import { findAlertRecord } from '../../data/alert-record-store';
import { listAlertsNeedingAttention, resetFailedDeliveries } from '../../data/alert-requeue';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import type { AlertRecord } from '../../domain/alert-delivery-model';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { requireSession } from '../pipeline/require-session';
import { workspacesInScope } from '../../services/alerts/alert-scope';

const messageOf = (record: AlertRecord) => ({
  alertId: record.alertId,
  workspaceId: record.workspaceId,
  tokenId: record.tokenId,
  expiresAt: record.expiresAt,
  threshold: record.threshold,
});

/**
 * `POST /api/alert-queue/requeue`: brings failed, skipped and dead-lettered alerts back, in one
 * workspace or every workspace the caller edits (admin, workspace manager). Their failed
 * deliveries become pending again; dead letters move back to the alert queue and the other
 * records get a new message. Frozen workspaces are left paused. Answers how many alerts.
 */
export const handler = createHttpHandler('requeueAlerts', async ({ body, session, now }) => {
  const { user } = requireSession(session);
  const workspaces = (
    await workspacesInScope({ caller: user, workspaceId: body.workspace_id, editorsOnly: true })
  ).filter((workspace) => !workspace.isFrozen);
  const inScope = new Set(workspaces.map(({ workspaceId }) => workspaceId));

  const requeued = new Map<string, AlertRecord>();
  for (const { workspaceId } of workspaces) {
    for (const record of await listAlertsNeedingAttention(workspaceId)) {
      if ((await resetFailedDeliveries(record, now)) > 0) requeued.set(record.alertId, record);
    }
  }
  const moved = await moveDeadLetters((message) => inScope.has(message.workspaceId));
  for (const message of moved) {
    if (requeued.has(message.alertId)) continue;
    const record = await findAlertRecord(message.alertId);
    if (!record) continue;
    await resetFailedDeliveries(record, now);
    requeued.set(record.alertId, record);
  }
  const movedIds = new Set(moved.map((message) => message.alertId));
  await enqueueAlerts(
    [...requeued.values()].filter((record) => !movedIds.has(record.alertId)).map(messageOf),
  );

  for (const workspace of workspaces) {
    const alertIds = [...requeued.values()]
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
  return { body: { updated: requeued.size } };
});
