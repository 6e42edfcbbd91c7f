/** Audit events of the alert pipeline, in the alert's workspace. */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { AlertAuditEvent } from '../domain/alert-delivery-model';
import { AUDIT_ACTIONS, recordAuditEvent, SYSTEM_ACTOR, type AuditAction } from './audit-events';

const ACTIONS: Readonly<Record<AlertAuditEvent['action'] | 'alert.queued', AuditAction>> = {
  'alert.queued': AUDIT_ACTIONS.alertQueued,
  'alert.sent': AUDIT_ACTIONS.alertSent,
  'alert.failed': AUDIT_ACTIONS.alertFailed,
  'alert.skipped': AUDIT_ACTIONS.alertSkipped,
  'alert.dead_lettered': AUDIT_ACTIONS.alertDeadLettered,
};

/** An event the scan or the worker did on its own (actor: the system). */
export function recordAlertEvent(
  event: Omit<AlertAuditEvent, 'action'> & { action: keyof typeof ACTIONS },
  now: Date,
): Promise<void> {
  return recordAuditEvent({
    scope: { type: 'workspace', workspaceId: event.workspaceId },
    action: ACTIONS[event.action],
    actor: SYSTEM_ACTOR,
    target: { type: 'alert', id: event.alertId, name: event.tokenName },
    plan: event.plan,
    metadata: event.metadata,
    now,
  });
}

/** Requeue and retry: a person asked for it. */
export function recordAlertRequest(options: {
  action: typeof AUDIT_ACTIONS.alertsRequeued | typeof AUDIT_ACTIONS.alertRetried;
  workspaceId: string;
  plan: Plan;
  actor: { id: string; email: string | null };
  target: { id: string; name: string | null };
  metadata: Record<string, unknown>;
  now: Date;
}): Promise<void> {
  return recordAuditEvent({
    scope: { type: 'workspace', workspaceId: options.workspaceId },
    action: options.action,
    actor: options.actor,
    target: { type: 'alert', ...options.target },
    plan: options.plan,
    metadata: options.metadata,
    now: options.now,
  });
}
