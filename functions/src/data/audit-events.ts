/**
 * Writing audit events (actor, action, target, workspace, time, metadata; items of
 * entities/audit-event.ts): every mutation records one, kept for the plan's audit retention.
 * Deleting an account anonymises the events it acted in.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isPlan, PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { addSeconds } from '../domain/account-policy';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { requestApiKey } from '../platform/request-scope';
import {
  AUDIT_EVENT_REF_PROJECTION,
  auditEventCodec,
  auditEventRefFromItem,
  DELETED_ACTOR_ID,
  type AuditScope,
} from './entities/audit-event';
import { AUDIT_SORT_PREFIX, epochSeconds, gsi1, keys } from './keys';
import { INDEX_NAMES } from './table-definition';
import { queryAll } from './table-operations';

export const AUDIT_ACTIONS = {
  signedIn: 'auth.signed_in',
  signInFailed: 'auth.sign_in_failed',
  signedOut: 'auth.signed_out',
  /** One of the user's other sessions signed out from Account settings. */
  sessionSignedOut: 'auth.session_signed_out',
  registered: 'account.registered',
  /** Someone registered the account's address again; its owner was emailed instead. */
  registrationAttempted: 'account.registration_attempted',
  emailVerified: 'account.email_verified',
  googleLinked: 'account.google_linked',
  passwordResetRequested: 'account.password_reset_requested',
  passwordReset: 'account.password_reset',
  updated: 'account.updated',
  deleted: 'account.deleted',
  twoFactorEnabled: 'account.two_factor_enabled',
  twoFactorDisabled: 'account.two_factor_disabled',
  recoveryCodeUsed: 'account.recovery_code_used',
  recoveryCodesRegenerated: 'account.recovery_codes_regenerated',
  twoFactorFailed: 'auth.two_factor_failed',
  planChanged: 'account.plan_changed',
  apiKeyCreated: 'account.api_key_created',
  apiKeyRevoked: 'account.api_key_revoked',
  workspacePlanChanged: 'workspace.plan_changed',
  tokenCreated: 'token.created',
  tokenUpdated: 'token.updated',
  tokenRenewed: 'token.renewed',
  /** A later expiry found (a newer certificate served, a renewal at the registry) and followed. */
  tokenRenewalDetected: 'token.renewal_detected',
  /** A domain's registry gives an earlier expiry than the token's (a date typed wrong). */
  tokenExpiryCorrected: 'token.expiry_corrected',
  endpointProblemRaised: 'endpoint.problem_raised',
  endpointProblemCleared: 'endpoint.problem_cleared',
  trustedCaAdded: 'trusted_ca.added',
  trustedCaRemoved: 'trusted_ca.removed',
  watchedDomainAdded: 'watched_domain.added',
  watchedDomainUpdated: 'watched_domain.updated',
  watchedDomainRemoved: 'watched_domain.removed',
  /** The Cert Spotter API key stored or removed (the key itself is never in an event). */
  ctApiKeyChanged: 'watched_domain.api_key_changed',
  tokenDeleted: 'token.deleted',
  tokensTransferred: 'tokens.transferred',
  tokensImported: 'tokens.imported',
  tokensScanned: 'tokens.scanned',
  workspaceCreated: 'workspace.created',
  workspaceRenamed: 'workspace.renamed',
  workspaceDeleted: 'workspace.deleted',
  workspaceOwnershipTransferred: 'workspace.ownership_transferred',
  workspaceTwoFactorRequirementChanged: 'workspace.two_factor_requirement_changed',
  memberAdded: 'member.added',
  memberInvited: 'member.invited',
  memberRoleUpdated: 'member.role_updated',
  memberRemoved: 'member.removed',
  invitationCancelled: 'invitation.cancelled',
  invitationAccepted: 'invitation.accepted',
  invitationDeclined: 'invitation.declined',
  alertQueued: 'alert.queued',
  alertSent: 'alert.sent',
  alertFailed: 'alert.failed',
  alertSkipped: 'alert.skipped',
  alertDeadLettered: 'alert.dead_lettered',
  alertsRequeued: 'alerts.requeued',
  alertRetried: 'alert.retried',
  /** An alert action (from an alert's signed link or a token's details): no more alerts. */
  alertAcknowledged: 'alert.acknowledged',
  alertSnoozed: 'alert.snoozed',
  /** A monitored certificate marked renewed: its endpoint is checked at once. */
  alertEndpointCheckRequested: 'alert.endpoint_check_requested',
  alertActionCleared: 'alert.action_cleared',
  /**
   * An alert action link refused (expired, used, out of date, a bad date, a deleted token, or a
   * recipient who may not act now: not a member, a viewer, an address no longer alerted).
   */
  alertActionRefused: 'alert.action_refused',
  alertSettingsUpdated: 'alert_settings.updated',
  webhookSigningSecretRotated: 'alert_settings.signing_secret_rotated',
  /** A PagerDuty webhook's back-channel secret stored or removed (never its value). */
  pagerDutySecretChanged: 'alert_settings.pagerduty_secret_changed',
  slackAppInstalled: 'slack_app.installed',
  slackAppRemoved: 'slack_app.removed',
  /** Slack answered that the installation no longer works: alerts fall back to email. */
  slackAppRevoked: 'slack_app.revoked',
  /** A Slack interaction request refused (stale, replayed, not a member); nothing changed. */
  slackInteractionRefused: 'slack_app.interaction_refused',
  calendarFeedRotated: 'calendar_feed.rotated',
  bouncedAddressRemoved: 'alert_settings.bounced_address_removed',
  integrationCreated: 'integration.created',
  integrationUpdated: 'integration.updated',
  integrationDeleted: 'integration.deleted',
  integrationSynced: 'integration.synced',
  integrationTokenLinked: 'integration.token_linked',
  organizationDomainAdded: 'organization.domain_added',
  organizationDomainVerified: 'organization.domain_verified',
  /** A verification that found no token, or a domain another organization holds. */
  organizationDomainCheckFailed: 'organization.domain_check_failed',
  organizationDomainRemoved: 'organization.domain_removed',
  ssoConnectionSaved: 'organization.sso_connection_saved',
  /** An SSO response refused (state, nonce, issuer, ID token or address); nothing changed. */
  ssoSignInRefused: 'auth.sso_sign_in_refused',
  scimTokenCreated: 'organization.scim_token_created',
  scimTokenRevoked: 'organization.scim_token_revoked',
  scimGroupMapped: 'organization.scim_group_mapped',
  /** A SCIM request with a wrong token for the organization; nothing changed. */
  scimRequestRefused: 'scim.request_refused',
  scimUserCreated: 'scim.user_created',
  scimUserUpdated: 'scim.user_updated',
  /** Sessions ended, API keys deleted and the organization's memberships removed. */
  scimUserDeactivated: 'scim.user_deactivated',
  scimUserReactivated: 'scim.user_reactivated',
  scimUserDeleted: 'scim.user_deleted',
  scimGroupCreated: 'scim.group_created',
  scimGroupUpdated: 'scim.group_updated',
  scimGroupDeleted: 'scim.group_deleted',
  /** A mapped group's member not added: the workspace is at its plan's member limit or frozen. */
  scimMembershipSkipped: 'scim.membership_skipped',
} as const;

/** The actor of events the system does on its own (the expiry scan, the alert worker). */
export const SYSTEM_ACTOR = { id: 'system', email: null } as const;
/** The actor of plan changes Stripe reports through its webhook. */
export const STRIPE_ACTOR = { id: 'stripe', email: null } as const;
/** The actor of alert actions PagerDuty's back-channel reports (incidents acknowledged, resolved). */
export const PAGERDUTY_ACTOR = { id: 'pagerduty', email: null } as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

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

/**
 * Writes one event. An event written while serving a request made with an API key names the key
 * in `metadata.api_key` (its id and name).
 */
export async function recordAuditEvent(input: AuditEventInput): Promise<void> {
  const apiKey = requestApiKey();
  const metadata = apiKey
    ? { ...input.metadata, api_key: { id: apiKey.id, name: apiKey.name } }
    : (input.metadata ?? {});
  const retentionDays = PLAN_LIMITS[isPlan(input.plan) ? input.plan : 'free'].auditRetentionDays;
  const expiresAt = addSeconds(input.now, retentionDays * 24 * 60 * 60);
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: auditEventCodec.toItem({
        id: randomUUID(),
        scope: input.scope,
        action: input.action,
        actor: { id: input.actor.id, email: input.actor.email },
        target: { type: input.target.type, id: input.target.id, name: input.target.name ?? null },
        metadata,
        createdAt: input.now.toISOString(),
        ttl: epochSeconds(expiresAt),
      }),
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
      ProjectionExpression: AUDIT_EVENT_REF_PROJECTION,
    });
  const actedIn = queryAll({
    IndexName: INDEX_NAMES.byAlternateKey,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1.auditActor(userId) },
    ProjectionExpression: AUDIT_EVENT_REF_PROJECTION,
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
    ...new Map(
      found.map(auditEventRefFromItem).map((event) => [`${event.key.pk}|${event.key.sk}`, event]),
    ).values(),
  ];
  for (const event of events) {
    const targetIsUser = event.targetId === userId;
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: event.key,
        UpdateExpression: `SET actorId = :deleted, actorEmail = :null, metadata = :empty${
          targetIsUser ? ', targetId = :deleted, targetName = :null' : ''
        } REMOVE gsi1pk, gsi1sk`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':deleted': DELETED_ACTOR_ID, ':null': null, ':empty': {} },
      }),
    );
  }
}
