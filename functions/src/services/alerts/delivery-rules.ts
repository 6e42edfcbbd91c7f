/**
 * What every alert delivery shares, whether a digest to one address or one alert to its webhooks:
 * the retry policy and backoff, who gets an alert (its planned deliveries), when a planned
 * delivery is skipped on purpose, and what an alert says (`AlertNotice`).
 */
import type { AlertRef } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { SLACK_APP_CHANNEL } from '@expiry-radar/shared/domain/alerts';
import { keptWithinLimit, PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { AlertNotice, ContactGroup, WebhookChannel } from '../../domain/alert-channels';
import type { SummaryNotice } from '../../domain/alert-digest';
import { tokenContactGroups, type TokenAudience } from '../../domain/token-alert-audiences';
import type {
  AlertContext,
  AlertRecord,
  AlertRecordStore,
  DeliveryState,
} from '../../domain/alert-delivery-model';
import {
  daysLeft,
  endpointProblemTextOfAlert,
  escalationFor,
  isEscalationAlertId,
  isRenewalOverdueAlertId,
} from '../../domain/alert-schedule';
import { ctFindingOfAlertSubject } from '../../domain/certificate-transparency';
import { tokenUrl, watchedDomainsUrl } from './alert-links';
import { errorMessage } from '../../platform/error-message';

export interface RetryPolicy {
  /** The attempt (receive) after which the queue moves the message to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
}

/** One receive of a queue message. */
export interface DeliveryAttempt {
  readonly receiveCount: number;
  readonly policy: RetryPolicy;
  readonly now: Date;
}

/** Exponential backoff: base, 2x base, 4x base... capped. */
export function retryDelaySeconds(receiveCount: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, receiveCount - 1);
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** exponent);
}

/** When a delivery that failed on this attempt is tried again; null on the last attempt. */
export function nextAttemptAfter(attempt: DeliveryAttempt): string | null {
  if (attempt.receiveCount >= attempt.policy.maxReceiveCount) return null;
  const seconds = retryDelaySeconds(attempt.receiveCount, attempt.policy);
  return new Date(attempt.now.getTime() + seconds * 1000).toISOString();
}

/** How long a claimed delivery stays claimed (longer than any send may take). */
export const DELIVERY_LEASE_SECONDS = 120;

export const SKIP_REASONS = {
  quota: 'Monthly alert delivery limit reached',
  webhookRemoved: 'Webhook no longer configured',
  webhookPaused: "Webhook paused: beyond the workspace plan's webhook limit",
  frozen: 'Workspace is frozen: alerts are paused',
  emailDisabled: 'Email alerts are disabled',
  unsubscribed: 'The address stopped these alert emails',
  bounced: 'Address bounced: it is on the suppression list',
  slackAppRemoved: 'The Slack app was removed from the workspace',
  slackAppNotInPlan: "The workspace's plan does not include the Slack app",
  complained: 'Address marked these emails as spam: it is on the suppression list',
} as const;

/** The error of a delivery whose alert's stored items cannot be read (the detail follows). */
export const UNREADABLE_ERROR = 'The stored data of this alert cannot be read';

export type DeliveryResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'retry'; readonly delaySeconds: number; readonly error: string };

/** `retry` when either says so (the longer delay), else `done`. */
export function combineResults(a: DeliveryResult, b: DeliveryResult): DeliveryResult {
  if (a.kind === 'done') return b;
  if (b.kind === 'done') return a;
  return a.delaySeconds >= b.delaySeconds ? a : b;
}

/** `YYYY-MM` of an instant (UTC): the quota and statistics month. */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export function emailChannelKey(address: string): string {
  return `email:${address.toLowerCase()}`;
}

export function webhookChannel(name: string): string {
  return `webhook:${name}`;
}

/**
 * How the workspace's Slack app takes part: `post` (alerts go to its channel), `email` (Slack
 * revoked it: alerts fall back to email, email alerts off or not) or null (none, or the plan
 * does not include it).
 */
export function slackAppRole(
  slackApp: AlertContext['slackApp'],
  plan: Plan,
): 'post' | 'email' | null {
  if (!slackApp || !PLAN_LIMITS[plan].slackApp) return null;
  return slackApp.status === 'active' ? 'post' : 'email';
}

/** Whether email goes out for the workspace: email alerts on, or the Slack app's fallback. */
function emailOn(context: Pick<AlertContext, 'settings' | 'slackApp'>, plan: Plan): boolean {
  return context.settings.email_alerts_enabled || slackAppRole(context.slackApp, plan) === 'email';
}

/**
 * The webhooks alerts go to: the first ones up to the plan's limit, in the stored order. Those
 * beyond it (kept from a higher plan after a downgrade) are paused, not deleted.
 */
export function webhooksInUse(
  webhooks: readonly WebhookChannel[],
  plan: Plan,
): readonly WebhookChannel[] {
  return keptWithinLimit(webhooks, PLAN_LIMITS[plan].webhooksPerWorkspace);
}

function pendingDelivery(
  fields: Pick<DeliveryState, 'key' | 'channel' | 'kind' | 'target'>,
): DeliveryState {
  return {
    ...fields,
    status: 'pending',
    attempts: 0,
    lastError: null,
    permanent: false,
    sentAt: null,
    leaseUntil: null,
    nextAttemptAt: null,
    digestId: null,
  };
}

/** The context of an alert whose token still exists. */
export type TokenAlertContext = AlertContext & { readonly token: Token };

/**
 * Who gets the alert of a token. The contact group that applies (the token's, else the workspace
 * default) and its additional ones name the addresses and webhooks, each group for the windows of
 * its own thresholds (`audiences`); without any, the owner's address and every webhook
 * of the workspace; either way only webhooks within the plan's limit. An escalation goes to the group that group escalates to, and nowhere when
 * there is none. The token's owner (a member) gets every alert and escalation of the token as
 * well, whatever the groups say, once (an address in the group too is one delivery). Email only when email alerts are
 * on (or the workspace's Slack app was revoked on Slack's side: email stands in for it), and not
 * to addresses that stopped the workspace's alert emails. The Slack app's channel, when it is
 * installed and the plan includes it, gets every alert planned with the workspace's `slackApp`
 * (the expiry scan's).
 */
export function resolveDeliveries(context: {
  readonly token: Pick<Token, 'contact_group_id' | 'additional_contact_group_ids'> | undefined;
  readonly workspace: Pick<AlertContext['workspace'], 'plan'>;
  readonly settings: AlertContext['settings'];
  readonly ownerEmail: string | null;
  /** The address of the token's owner (its `owner_id`), if it has one. */
  readonly tokenOwnerEmail?: string | null;
  /** The workspace's Slack app: its channel gets every alert; revoked, email stands in for it. */
  readonly slackApp?: AlertContext['slackApp'];
  /** Lower-cased addresses that stopped the workspace's alert emails. */
  readonly optedOut?: ReadonlySet<string>;
  /** The token's escalation rather than one of its windows. */
  readonly escalation?: boolean;
  /**
   * The audiences of this window (`audiencesAt`: each contact group at its own thresholds);
   * absent: every audience of the token.
   */
  readonly audiences?: readonly TokenAudience[];
}): DeliveryState[] {
  const { token, settings, workspace, ownerEmail } = context;
  const contactGroupId = token?.contact_group_id ?? null;
  let groups: readonly (ContactGroup | null)[];
  if (context.escalation) {
    const to = escalationFor(settings, contactGroupId, workspace.plan)?.to;
    if (!to) return [];
    groups = [to];
  } else {
    groups =
      context.audiences?.map((audience) => audience.group) ??
      audienceGroupsOf(settings, token, workspace.plan);
  }
  const groupAddresses = groups.flatMap((group) =>
    group ? group.emails : ownerEmail ? [ownerEmail] : [],
  );
  const addresses = emailOn(context, workspace.plan)
    ? [...groupAddresses, ...(context.tokenOwnerEmail ? [context.tokenOwnerEmail] : [])]
    : [];
  const inUse = webhooksInUse(settings.webhook_urls, workspace.plan);
  const webhooks = inUse.filter((webhook) =>
    groups.some((group) => !group || group.webhook_names.includes(webhook.name)),
  );
  const seen = new Set<string>();
  const deliveries: DeliveryState[] = [];
  for (const address of addresses) {
    const key = emailChannelKey(address);
    if (seen.has(key) || context.optedOut?.has(address.toLowerCase())) continue;
    seen.add(key);
    deliveries.push(pendingDelivery({ key, channel: 'email', kind: 'email', target: address }));
  }
  for (const webhook of webhooks) {
    const key = webhookChannel(webhook.name);
    if (seen.has(key)) continue;
    seen.add(key);
    deliveries.push(
      pendingDelivery({ key, channel: key, kind: webhook.kind, target: webhook.name }),
    );
  }
  if (slackAppRole(context.slackApp, workspace.plan) === 'post' && context.slackApp) {
    deliveries.push(
      pendingDelivery({
        key: SLACK_APP_CHANNEL,
        channel: SLACK_APP_CHANNEL,
        kind: SLACK_APP_CHANNEL,
        target: context.slackApp.channelName,
      }),
    );
  }
  return deliveries;
}

/** The groups a token's alerts go to: its contact groups, else (null) the workspace's owner. */
function audienceGroupsOf(
  settings: AlertContext['settings'],
  token: Pick<Token, 'contact_group_id' | 'additional_contact_group_ids'> | undefined,
  plan: Plan,
): (ContactGroup | null)[] {
  const groups = tokenContactGroups(
    settings,
    token ?? { contact_group_id: null, additional_contact_group_ids: [] },
    plan,
  );
  return groups.length > 0 ? groups : [null];
}

/**
 * Whether this attempt may claim the delivery (its claim is still a conditional write). A failed
 * delivery with no attempt left (dead-lettered) waits for a retry of its own channel or a
 * requeue, which set it pending again: a retry of another channel of the alert leaves it alone.
 */
export function isClaimable(delivery: DeliveryState, now: Date): boolean {
  if (delivery.status === 'pending') return true;
  if (delivery.status === 'failed') return !delivery.permanent && delivery.nextAttemptAt !== null;
  if (delivery.status === 'sending') {
    return delivery.leaseUntil === null || new Date(delivery.leaseUntil) <= now;
  }
  return false;
}

/** Why a claimed delivery is not sent after all, or null when it may be sent. */
export function skipReasonOf(context: AlertContext, delivery: DeliveryState): string | null {
  if (context.workspace.isFrozen) return SKIP_REASONS.frozen;
  if (delivery.kind === 'email') {
    return emailOn(context, context.workspace.plan) ? null : SKIP_REASONS.emailDisabled;
  }
  if (delivery.kind === SLACK_APP_CHANNEL) {
    if (!context.slackApp) return SKIP_REASONS.slackAppRemoved;
    return PLAN_LIMITS[context.workspace.plan].slackApp ? null : SKIP_REASONS.slackAppNotInPlan;
  }
  const isTarget = (channel: WebhookChannel) => channel.name === delivery.target;
  if (!context.settings.webhook_urls.some(isTarget)) return SKIP_REASONS.webhookRemoved;
  // Planned before a downgrade, tried after it.
  const inUse = webhooksInUse(context.settings.webhook_urls, context.workspace.plan);
  return inUse.some(isTarget) ? null : SKIP_REASONS.webhookPaused;
}

/** What a digest's order and summary line need of an alert: the scan knows it before the worker. */
export type DigestRowFacts = SummaryNotice & Pick<AlertNotice, 'tokenName'>;

export function digestRowFactsOf(
  alert: Pick<AlertRef, 'alertId'>,
  token: Pick<Token, 'id' | 'name' | 'category' | 'type' | 'expiresAt' | 'description'>,
  now: Date,
): DigestRowFacts {
  // A certificate seen stands as a token whose description says what was seen.
  const certificateSeen = ctFindingOfAlertSubject(token.id) ? token.description : null;
  return {
    tokenName: token.name,
    category: token.category,
    type: token.type,
    daysLeft: daysLeft(token.expiresAt, now),
    ...(isRenewalOverdueAlertId(alert.alertId) ? { renewalOverdue: true } : {}),
    ...endpointProblemNotice(alert.alertId),
    ...(certificateSeen ? { certificateSeen } : {}),
  };
}

export function alertNoticeOf(
  alert: AlertRef,
  context: TokenAlertContext,
  appOrigin: string,
  now: Date,
): AlertNotice {
  const { token, workspace } = context;
  const facts = digestRowFactsOf(alert, token, now);
  return {
    alertId: alert.alertId,
    workspaceId: alert.workspaceId,
    workspaceName: workspace.name,
    tokenId: token.id,
    tokenName: token.name,
    category: token.category,
    type: token.type,
    expiresAt: token.expiresAt,
    daysLeft: facts.daysLeft,
    threshold: alert.threshold,
    renewalUrl: token.renewal_url,
    dashboardUrl: facts.certificateSeen
      ? watchedDomainsUrl(appOrigin)
      : tokenUrl(appOrigin, alert.workspaceId, token.id),
    ...(isEscalationAlertId(alert.alertId) ? { escalation: true } : {}),
    ...(facts.renewalOverdue ? { renewalOverdue: true } : {}),
    ...(facts.endpointProblem ? { endpointProblem: facts.endpointProblem } : {}),
    ...(facts.certificateSeen ? { certificateSeen: facts.certificateSeen } : {}),
  };
}

function endpointProblemNotice(alertId: string): Pick<AlertNotice, 'endpointProblem'> {
  const problem = endpointProblemTextOfAlert(alertId);
  return problem ? { endpointProblem: problem } : {};
}

export function errorText(error: unknown): string {
  return errorMessage(error).slice(0, 500);
}

/**
 * A token deleted or renewed (a new expiry date) before its alert went out: its new date has its
 * own alerts, so the record goes unless a delivery of it was already sent.
 */
export async function dropStaleAlert(record: AlertRecord, records: AlertRecordStore) {
  if (!record.deliveries?.some((delivery) => delivery.status === 'sent')) {
    await records.remove(record.alertId);
  }
}

/** Whether the token of a context is still the one the alert is about. */
export function isCurrent(
  alert: AlertRef,
  context: AlertContext | undefined,
): context is TokenAlertContext {
  return context?.token !== undefined && context.token.expiresAt === alert.expiresAt;
}
