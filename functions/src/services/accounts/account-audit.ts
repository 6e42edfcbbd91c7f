import { recordAuditEvent, type AuditAction } from '../../data/audit-events';
import type { UserRecord } from '../../data/user-records';

/** An account event in the user's own audit trail, acted by the user on their account. */
export function recordAccountEvent(
  user: Pick<UserRecord, 'id' | 'email' | 'plan'>,
  action: AuditAction,
  now: Date,
  metadata?: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent({
    scope: { type: 'user', userId: user.id },
    action,
    actor: { id: user.id, email: user.email },
    target: { type: 'user', id: user.id, name: user.email },
    plan: user.plan,
    metadata,
    now,
  });
}
