import { recordAlertRequest } from '../../data/alert-audit';
import { findAlertRecord } from '../../data/alert-record-store';
import { resetFailedDeliveries } from '../../data/alert-requeue';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { AppError } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { enqueueRetry } from '../../services/alerts/alert-requeue';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

/**
 * `POST /api/alert-queue/{id}/retry`: sends one channel of an alert again (`email`, one
 * recipient's `email:<address>`, or `webhook:<name>`), only its failed or skipped deliveries.
 * Admins and workspace managers.
 */
export const handler = createHttpHandler(
  alertRoutes.retryAlert,
  async ({ params, body, session, now }) => {
    const { user } = requireSession(session);
    const record = await findAlertRecord(params.id);
    if (!record) throw new AppError('NOT_FOUND', 'Alert not found.');
    const access = await loadWorkspaceAccess(record.workspaceId, user);
    requireEditor(access);
    requireNotFrozen(access);
    const named = (delivery: { channel: string; key: string }) =>
      delivery.channel === body.channel || delivery.key === body.channel;
    if (!(record.deliveries ?? []).some(named)) {
      throw new AppError('NOT_FOUND', 'This alert has no such channel.');
    }
    const reset = await resetFailedDeliveries(record, now, body.channel);
    if (!reset || reset.length === 0) {
      throw new AppError('CONFLICT', 'Nothing to retry: this channel has no failed delivery.');
    }
    await enqueueRetry(record, reset);
    await recordAlertRequest({
      action: AUDIT_ACTIONS.alertRetried,
      workspaceId: record.workspaceId,
      plan: access.plan,
      actor: { id: user.id, email: user.email },
      target: { id: record.alertId, name: record.tokenName },
      metadata: { channel: body.channel },
      now,
    });
    return { body: { ok: true as const } };
  },
);
