/**
 * The API view of an audit event (`GET /api/audit-events`, the workspace trail, the export): with
 * the target's name as it was when the event was written (null for events that kept none).
 */
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import type { AuditEventRecord } from '../../data/entities/audit-event';

export function auditEventView(event: AuditEventRecord): AuditEvent {
  return {
    id: event.id,
    occurred_at: event.createdAt,
    actor: { id: event.actor.id, email: event.actor.email },
    action: event.action,
    target_type: event.target.type,
    target_id: event.target.id,
    target_name: event.target.name,
    workspace_id: event.scope.type === 'workspace' ? event.scope.workspaceId : null,
    metadata: { ...event.metadata },
  };
}
