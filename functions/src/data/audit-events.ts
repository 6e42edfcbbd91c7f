/**
 * Audit events (DESIGN.md: actor, action, target, workspace, time, metadata). They live under the
 * workspace (`WS#<id>`) or, for account events, the user (`USER#<id>`), sorted by time, and expire
 * with the plan's audit retention. Deleting an account anonymises the events it acted in.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isPlan, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { addSeconds } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { AUDIT_SORT_PREFIX, epochSeconds, gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { queryAll } from './table-operations';

export const AUDIT_ACTIONS = {
  signedIn: 'auth.signed_in',
  signInFailed: 'auth.sign_in_failed',
  signedOut: 'auth.signed_out',
  registered: 'account.registered',
  emailVerified: 'account.email_verified',
  googleLinked: 'account.google_linked',
  passwordResetRequested: 'account.password_reset_requested',
  passwordReset: 'account.password_reset',
  updated: 'account.updated',
  deleted: 'account.deleted',
  planChanged: 'account.plan_changed',
  workspacePlanChanged: 'workspace.plan_changed',
  tokenCreated: 'token.created',
  tokenUpdated: 'token.updated',
  tokenRenewed: 'token.renewed',
  tokenDeleted: 'token.deleted',
  tokensTransferred: 'tokens.transferred',
  workspaceCreated: 'workspace.created',
  workspaceRenamed: 'workspace.renamed',
  workspaceDeleted: 'workspace.deleted',
  memberAdded: 'member.added',
  memberInvited: 'member.invited',
  memberJoined: 'member.joined',
  memberRoleUpdated: 'member.role_updated',
  memberRemoved: 'member.removed',
  invitationCancelled: 'invitation.cancelled',
  alertQueued: 'alert.queued',
  alertSent: 'alert.sent',
  alertFailed: 'alert.failed',
  alertSkipped: 'alert.skipped',
  alertDeadLettered: 'alert.dead_lettered',
  alertsRequeued: 'alerts.requeued',
  alertRetried: 'alert.retried',
  alertSettingsUpdated: 'alert_settings.updated',
  webhookSigningSecretRotated: 'alert_settings.signing_secret_rotated',
} as const;

/** The actor of events the system does on its own (the expiry scan, the alert worker). */
export const SYSTEM_ACTOR = { id: 'system', email: null } as const;
/** The actor of plan changes Stripe reports through its webhook. */
export const STRIPE_ACTOR = { id: 'stripe', email: null } as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

/** Stands in for the actor of events whose account was deleted. */
export const DELETED_ACTOR_ID = 'deleted-user';

export type AuditScope =
  | { readonly type: 'user'; readonly userId: string }
  | { readonly type: 'workspace'; readonly workspaceId: string };

export interface AuditEventInput {
  readonly scope: AuditScope;
  readonly action: AuditAction;
  readonly actor: { readonly id: string; readonly email: string | null };
  readonly target: { readonly type: string; readonly id: string; readonly name?: string | null };
  /** The plan whose audit retention applies. */
  readonly plan: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly now: Date;
}

function scopeKey(scope: AuditScope): string {
  return scope.type === 'user' ? keys.user(scope.userId).pk : keys.workspace(scope.workspaceId).pk;
}

export async function recordAuditEvent(input: AuditEventInput): Promise<void> {
  const id = randomUUID();
  const createdAt = input.now.toISOString();
  const retentionDays = PLAN_LIMITS[isPlan(input.plan) ? input.plan : 'free'].auditRetentionDays;
  const expiresAt = addSeconds(input.now, retentionDays * 24 * 60 * 60);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: {
        ...keys.auditEvent(scopeKey(input.scope), createdAt, id),
        ...gsi1.auditEvent(input.actor.id, createdAt, id),
        id,
        action: input.action,
        actorId: input.actor.id,
        actorEmail: input.actor.email,
        targetType: input.target.type,
        targetId: input.target.id,
        targetName: input.target.name ?? null,
        workspaceId: input.scope.type === 'workspace' ? input.scope.workspaceId : null,
        metadata: input.metadata ?? {},
        createdAt,
        ttl: epochSeconds(expiresAt),
      },
    }),
  );
}

/**
 * Keeps a deleted user's events but removes who they were: the actor becomes DELETED_ACTOR_ID and
 * the email, metadata (addresses, IPs) and the actor index entry go. Reads the user's own trail,
 * the trails of the workspaces they belonged to filtered by actor, and the actor index (events in
 * workspaces they have left); a rare operation, bounded by audit retention.
 */
export async function anonymiseAuditEventsOfActor(
  userId: string,
  workspaceIds: readonly string[],
): Promise<void> {
  const trail = (pk: string, byActor: boolean) =>
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :audit)',
      ...(byActor ? { FilterExpression: 'actorId = :actor' } : {}),
      ExpressionAttributeValues: {
        ':pk': pk,
        ':audit': AUDIT_SORT_PREFIX,
        ...(byActor ? { ':actor': userId } : {}),
      },
      ProjectionExpression: 'pk, sk, targetId',
    });
  const actedIn = queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1.auditActor(userId) },
    ProjectionExpression: 'pk, sk, targetId',
  });
  const found = [
    ...(await trail(keys.user(userId).pk, false)),
    ...(
      await Promise.all(
        workspaceIds.map((workspaceId) => trail(keys.workspace(workspaceId).pk, true)),
      )
    ).flat(),
    ...(await actedIn),
  ];
  const events = [
    ...new Map(found.map((event) => [`${String(event.pk)}|${String(event.sk)}`, event])).values(),
  ];
  for (const event of events) {
    const targetIsUser = event.targetId === userId;
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: { pk: event.pk, sk: event.sk },
        UpdateExpression: `SET actorId = :deleted, actorEmail = :null, metadata = :empty${
          targetIsUser ? ', targetId = :deleted, targetName = :null' : ''
        } REMOVE gsi1pk, gsi1sk`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':deleted': DELETED_ACTOR_ID, ':null': null, ':empty': {} },
      }),
    );
  }
}
