/**
 * Reading audit events, newest first: a workspace's trail (`pk = WS#<id>`), the events a user
 * acted in (gsi1 `ACTOR#<userId>`), and several trails merged (an organization). Events past
 * their retention are left out on read, since TTL deletion is lazy.
 */
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import { AUDIT_SORT_PREFIX, epochSeconds, gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { queryFirst, type TableItem } from './table-operations';

export interface AuditQuery {
  /** How many of the newest events to read (offset + limit of a page). */
  readonly count: number;
  /** Only events at or after this date or date-time. */
  readonly since?: string;
  readonly now: Date;
}

/** The sort-key condition for audit events, optionally from `since` on. */
function timeCondition(sortKey: string, since: string | undefined) {
  return since === undefined
    ? {
        condition: `begins_with(${sortKey}, :audit)`,
        values: { ':audit': AUDIT_SORT_PREFIX },
      }
    : {
        condition: `${sortKey} BETWEEN :from AND :to`,
        values: { ':from': `${AUDIT_SORT_PREFIX}${since}`, ':to': `${AUDIT_SORT_PREFIX}\uffff` },
      };
}

const notExpired = (now: Date) => (item: TableItem) =>
  typeof item.ttl !== 'number' || item.ttl > epochSeconds(now);

export async function listWorkspaceAuditEvents(
  workspaceId: string,
  query: AuditQuery,
): Promise<AuditEvent[]> {
  const time = timeCondition('sk', query.since);
  const items = await queryFirst(
    {
      KeyConditionExpression: `pk = :pk AND ${time.condition}`,
      ExpressionAttributeValues: { ':pk': keys.workspace(workspaceId).pk, ...time.values },
      ScanIndexForward: false,
    },
    query.count,
    notExpired(query.now),
  );
  return items.map(toAuditEvent);
}

export async function listActorAuditEvents(
  actorId: string,
  query: AuditQuery,
): Promise<AuditEvent[]> {
  const time = timeCondition('gsi1sk', query.since);
  const items = await queryFirst(
    {
      IndexName: INDEX_NAMES.byAlternateKey,
      KeyConditionExpression: `gsi1pk = :pk AND ${time.condition}`,
      ExpressionAttributeValues: { ':pk': gsi1.auditActor(actorId), ...time.values },
      ScanIndexForward: false,
    },
    query.count,
    notExpired(query.now),
  );
  return items.map(toAuditEvent);
}

/** The newest `query.count` events of several workspaces together. */
export async function listAuditEventsOfWorkspaces(
  workspaceIds: readonly string[],
  query: AuditQuery,
): Promise<AuditEvent[]> {
  const trails = await Promise.all(
    workspaceIds.map((workspaceId) => listWorkspaceAuditEvents(workspaceId, query)),
  );
  return newestFirst(trails.flat()).slice(0, query.count);
}

export function newestFirst(events: readonly AuditEvent[]): AuditEvent[] {
  return [...events].sort(
    (a, b) => b.occurred_at.localeCompare(a.occurred_at) || b.id.localeCompare(a.id),
  );
}

export function toAuditEvent(item: TableItem): AuditEvent {
  const metadata =
    item.metadata && typeof item.metadata === 'object'
      ? (item.metadata as Record<string, unknown>)
      : {};
  return {
    id: String(item.id),
    occurred_at: String(item.createdAt),
    actor: {
      id: String(item.actorId),
      email: typeof item.actorEmail === 'string' ? item.actorEmail : null,
    },
    action: String(item.action),
    target_type: String(item.targetType),
    target_id: String(item.targetId),
    workspace_id: typeof item.workspaceId === 'string' ? item.workspaceId : null,
    metadata,
  };
}
