/**
 * SCIM changes in the organization owner's audit trail, acted by the identity provider (actor
 * `scim`), and workspace membership changes in the workspace's trail.
 */
import { recordAuditEvent, type AuditAction } from '../../data/audit-events';
import type { UserRecord } from '../../data/user-records';

/** The actor of everything the organization's identity provider does through SCIM. */
export const SCIM_ACTOR = { id: 'scim', email: null } as const;

export type ScimOwner = Pick<UserRecord, 'id' | 'email' | 'plan'>;

export function recordScimEvent(
  owner: ScimOwner,
  action: AuditAction,
  target: { type: 'user' | 'scim_group'; id: string; name: string | null },
  now: Date,
  metadata?: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent({
    scope: { type: 'user', userId: owner.id },
    action,
    actor: SCIM_ACTOR,
    target,
    plan: owner.plan,
    metadata: { organizationId: owner.id, ...metadata },
    now,
  });
}

export function recordScimMembershipEvent(
  owner: ScimOwner,
  action: AuditAction,
  workspaceId: string,
  user: { id: string; email: string },
  now: Date,
  metadata: Record<string, unknown>,
): Promise<void> {
  return recordAuditEvent({
    scope: { type: 'workspace', workspaceId },
    action,
    actor: SCIM_ACTOR,
    target: { type: 'user', id: user.id, name: user.email },
    plan: owner.plan,
    metadata: { method: 'scim', ...metadata },
    now,
  });
}
