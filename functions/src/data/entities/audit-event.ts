/**
 * The audit event entity (ACCESS_PATTERNS.md rows 16, 17, 24 and 29; codec pattern:
 * entity-codec.ts): who did what to which target, when. An event lives under its scope, the
 * workspace (`pk=WS#<workspaceId>`) or, for account events, the user (`pk=USER#<userId>`), at
 * `sk=AUDIT#<ISO time>#<eventId>`, and under its actor on gsi1 (`gsi1pk=ACTOR#<actorId>`, same
 * sort key) unless the actor's account was deleted (DELETED_ACTOR_ID, no actor entry). `ttl` is
 * the plan's audit retention; TTL deletion is lazy, so readers also check it (`isRetained`).
 *
 * Reading: the scope comes from the key; id, action, actor id, target and time are required; a
 * missing actor email, target name or workspace id reads as null and missing metadata as {}.
 */
import * as z from 'zod';
import { epochSeconds, gsi1, keyParts, keys } from '../keys';
import type { TableItem, TableKey } from '../table-operations';
import { MalformedItemError, parseItem, type EntityCodec } from './entity-codec';

/** Stands in for the actor of events whose account was deleted. */
export const DELETED_ACTOR_ID = 'deleted-user';

export type AuditScope =
  | { readonly type: 'user'; readonly userId: string }
  | { readonly type: 'workspace'; readonly workspaceId: string };

export interface AuditEventRecord {
  readonly id: string;
  readonly scope: AuditScope;
  /** e.g. `workspace.created` (AUDIT_ACTIONS; events keep the action they were written with). */
  readonly action: string;
  readonly actor: { readonly id: string; readonly email: string | null };
  readonly target: { readonly type: string; readonly id: string; readonly name: string | null };
  readonly metadata: Readonly<Record<string, unknown>>;
  /** ISO date-time. */
  readonly createdAt: string;
  /** Epoch seconds after which the event is gone (the plan's audit retention). */
  readonly ttl: number;
}

export const auditEventItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string().optional(),
  gsi1sk: z.string().optional(),
  id: z.string(),
  action: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable().default(null),
  targetType: z.string(),
  targetId: z.string(),
  targetName: z.string().nullable().default(null),
  workspaceId: z.string().nullable().default(null),
  metadata: z.record(z.string(), z.unknown()).default({}),
  createdAt: z.string(),
  ttl: z.number(),
});

export type AuditEventItem = z.output<typeof auditEventItemSchema>;

function scopeKey(scope: AuditScope): string {
  return scope.type === 'user' ? keys.user(scope.userId).pk : keys.workspace(scope.workspaceId).pk;
}

function scopeOf(pk: string, sk: string): AuditScope {
  const workspaceId = keyParts.workspaceId(pk);
  if (workspaceId !== undefined) return { type: 'workspace', workspaceId };
  const userId = keyParts.userId(pk);
  if (userId !== undefined) return { type: 'user', userId };
  throw new MalformedItemError('AUDIT_EVENT', `${pk} ${sk}`, 'the key names no workspace or user');
}

export const auditEventCodec = {
  entity: 'AUDIT_EVENT',
  itemSchema: auditEventItemSchema,

  keyOf: ({ scope, createdAt, id }) => keys.auditEvent(scopeKey(scope), createdAt, id),

  toItem: ({ id, scope, action, actor, target, metadata, createdAt, ttl }) => ({
    ...keys.auditEvent(scopeKey(scope), createdAt, id),
    ...(actor.id === DELETED_ACTOR_ID ? {} : gsi1.auditEvent(actor.id, createdAt, id)),
    id,
    action,
    actorId: actor.id,
    actorEmail: actor.email,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name,
    workspaceId: scope.type === 'workspace' ? scope.workspaceId : null,
    metadata: { ...metadata },
    createdAt,
    ttl,
  }),

  fromItem(item) {
    const parsed = parseItem('AUDIT_EVENT', auditEventItemSchema, item);
    return {
      id: parsed.id,
      scope: scopeOf(parsed.pk, parsed.sk),
      action: parsed.action,
      actor: { id: parsed.actorId, email: parsed.actorEmail },
      target: { type: parsed.targetType, id: parsed.targetId, name: parsed.targetName },
      metadata: parsed.metadata,
      createdAt: parsed.createdAt,
      ttl: parsed.ttl,
    };
  },
} satisfies EntityCodec<AuditEventRecord, AuditEventItem>;

const retentionAttributes = auditEventItemSchema.pick({ ttl: true });

/** Whether an audit item is still within its retention (DynamoDB deletes expired items lazily). */
export function isRetained(item: TableItem, now: Date): boolean {
  return parseItem('AUDIT_EVENT', retentionAttributes, item).ttl > epochSeconds(now);
}

/** What `auditEventRefFromItem` reads: a ProjectionExpression for nothing else. */
export const AUDIT_EVENT_REF_PROJECTION = 'pk, sk, targetId';

const refAttributes = auditEventItemSchema.pick({ pk: true, sk: true, targetId: true });

/** An event's key and target, from an item read with AUDIT_EVENT_REF_PROJECTION. */
export function auditEventRefFromItem(item: TableItem): {
  readonly key: TableKey;
  readonly targetId: string;
} {
  const { pk, sk, targetId } = parseItem('AUDIT_EVENT', refAttributes, item);
  return { key: { pk, sk }, targetId };
}
