/**
 * Reading audit events (entities/audit-event.ts), newest first: a workspace's trail
 * (`pk = WS#<id>`), the events a user acted in (gsi1 `ACTOR#<userId>`), and several trails merged
 * (an organization). Events past their retention are left out on read, since TTL deletion is
 * lazy. The API's view of an event is built in services/audit/audit-event-view.ts.
 */
import { auditEventCodec, isRetained, type AuditEventRecord } from './entities/audit-event';
import { AUDIT_SORT_PREFIX, gsi1, keys } from './keys';
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

const retainedAt = (now: Date) => (item: TableItem) => isRetained(item, now);
const toRecord = (item: TableItem) => auditEventCodec.fromItem(item);

export async function listWorkspaceAuditEvents(
  workspaceId: string,
  query: AuditQuery,
): Promise<AuditEventRecord[]> {
  const time = timeCondition('sk', query.since);
  const items = await queryFirst(
    {
      KeyConditionExpression: `pk = :pk AND ${time.condition}`,
      ExpressionAttributeValues: { ':pk': keys.workspace(workspaceId).pk, ...time.values },
      ScanIndexForward: false,
    },
    query.count,
    retainedAt(query.now),
  );
  return items.map(toRecord);
}

export async function listActorAuditEvents(
  actorId: string,
  query: AuditQuery,
): Promise<AuditEventRecord[]> {
  const time = timeCondition('gsi1sk', query.since);
  const items = await queryFirst(
    {
      IndexName: INDEX_NAMES.byAlternateKey,
      KeyConditionExpression: `gsi1pk = :pk AND ${time.condition}`,
      ExpressionAttributeValues: { ':pk': gsi1.auditActor(actorId), ...time.values },
      ScanIndexForward: false,
    },
    query.count,
    retainedAt(query.now),
  );
  return items.map(toRecord);
}

/**
 * A workspace's events of one action since `since`, newest first, at most `count` of them (the
 * weekly summary's renewals): the trail from `since` on, kept when the action matches.
 */
export async function listWorkspaceEventsOfAction(
  workspaceId: string,
  action: string,
  query: AuditQuery & { readonly since: string },
): Promise<AuditEventRecord[]> {
  const time = timeCondition('sk', query.since);
  const retained = retainedAt(query.now);
  const items = await queryFirst(
    {
      KeyConditionExpression: `pk = :pk AND ${time.condition}`,
      ExpressionAttributeValues: { ':pk': keys.workspace(workspaceId).pk, ...time.values },
      ScanIndexForward: false,
    },
    query.count,
    (item) => item.action === action && retained(item),
  );
  return items.map(toRecord);
}

/** The newest `query.count` events of several workspaces together. */
export async function listAuditEventsOfWorkspaces(
  workspaceIds: readonly string[],
  query: AuditQuery,
): Promise<AuditEventRecord[]> {
  const trails = await Promise.all(
    workspaceIds.map((workspaceId) => listWorkspaceAuditEvents(workspaceId, query)),
  );
  return newestFirst(trails.flat()).slice(0, query.count);
}

export function newestFirst(events: readonly AuditEventRecord[]): AuditEventRecord[] {
  return [...events].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
}
