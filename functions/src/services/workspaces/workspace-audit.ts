import { recordAuditEvent, type AuditAction } from '../../data/audit-events';
import type { UserRecord } from '../../data/user-records';

/** An event in a workspace's audit trail, kept for the workspace plan's retention. */
export function recordWorkspaceEvent(options: {
  workspace: { readonly workspaceId: string; readonly plan: string };
  actor: Pick<UserRecord, 'id' | 'email'>;
  action: AuditAction;
  target: { readonly type: string; readonly id: string; readonly name?: string | null };
  now: Date;
  metadata?: Record<string, unknown>;
}): Promise<void> {
  return recordAuditEvent({
    scope: { type: 'workspace', workspaceId: options.workspace.workspaceId },
    action: options.action,
    actor: { id: options.actor.id, email: options.actor.email },
    target: options.target,
    plan: options.workspace.plan,
    metadata: options.metadata,
    now: options.now,
  });
}
