import type { Token } from '@expiry-radar/shared/domain/token';
import { recordAuditEvent, type AuditAction } from '../../data/audit-events';
import type { UserRecord } from '../../data/user-records';
import type { WorkspaceAccess } from '../workspaces/workspace-access';

/** An audit event of a token change in the token's workspace, acted by the signed-in user. */
export function recordTokenEvent(options: {
  access: WorkspaceAccess;
  user: Pick<UserRecord, 'id' | 'email'>;
  action: AuditAction;
  target: { readonly id: string; readonly name: string | null };
  metadata?: Record<string, unknown>;
  now: Date;
}): Promise<void> {
  const { access, user, action, target, metadata, now } = options;
  return recordAuditEvent({
    scope: { type: 'workspace', workspaceId: access.workspaceId },
    action,
    actor: { id: user.id, email: user.email },
    target: { type: 'token', id: target.id, name: target.name },
    plan: access.plan,
    metadata,
    now,
  });
}

/** What a "token created" event records of the new token. */
export function createdTokenMetadata(token: Token) {
  return { category: token.category, type: token.type, expiresAt: token.expiresAt };
}
