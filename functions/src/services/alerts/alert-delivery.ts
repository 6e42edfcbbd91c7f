/**
 * Delivering a queue message: a digest (digest-delivery.ts), or one alert to its webhooks. Each
 * webhook of the alert is sent at most once, its state kept in the alert record so that a retry
 * sends only what failed: a delivery is claimed with a conditional write (pending or failed ->
 * sending, with a lease) before the send and marked sent right after it. A duplicate message
 * finds it claimed or sent and sends nothing. The one gap is a crash between the send and the
 * mark: the lease runs out and the next attempt sends again (at least once, not exactly once, in
 * that window). PagerDuty's dedup_key and the alert id in every webhook payload let receivers
 * drop such a repeat.
 *
 * An alert message without `deliver: 'webhooks'` (a requeue or retry of a message from before
 * digests) also delivers the alert's email addresses, each as a digest of this one alert.
 *
 * No AWS imports: the worker (jobs/alert-worker.ts) wires the ports.
 */
import {
  isDigestMessage,
  type AlertMessage,
  type AlertQueueMessage,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { WebhookDeliveryError } from '../../domain/alert-channels';
import { isEscalationAlertId } from '../../domain/alert-schedule';
import type {
  AlertAuditEvent,
  AlertDeliveryPorts,
  DeliveryState,
} from '../../domain/alert-delivery-model';
import { deliverDigest } from './digest-delivery';
import {
  alertNoticeOf,
  combineResults,
  DELIVERY_LEASE_SECONDS,
  dropStaleAlert,
  errorText,
  isClaimable,
  isCurrent,
  monthOf,
  nextAttemptAfter,
  resolveDeliveries,
  retryDelaySeconds,
  SKIP_REASONS,
  skipReasonOf,
  UNREADABLE_ERROR,
  type DeliveryAttempt,
  type DeliveryResult,
  type TokenAlertContext,
} from './delivery-rules';
import { alertActionLinks } from './alert-action-links';
import { webhookRecipient } from '../../domain/alert-action-link';
import { SLACK_APP_CHANNEL, type WebhookKind } from '@expiry-radar/shared/domain/alerts';

/** The webhook kinds whose messages carry the alert's action links (Teams buttons, payload URLs). */
const ACTION_LINK_KINDS: ReadonlySet<WebhookKind> = new Set(['teams', 'generic', 'pagerduty']);

/** Delivers one message of the alert queue. */
export function deliverQueueMessage(
  message: AlertQueueMessage,
  attempt: DeliveryAttempt,
  ports: AlertDeliveryPorts,
): Promise<DeliveryResult> {
  return isDigestMessage(message)
    ? deliverDigest(message, attempt, ports)
    : deliverAlert(message, attempt, ports);
}

/**
 * Delivers one alert message: its webhooks, and with `deliver` absent or `all` its email
 * addresses too (a one-row digest each). Answers `done` when nothing is left to try
 * automatically, or `retry` with the delay before the next attempt.
 */
export async function deliverAlert(
  message: AlertMessage,
  attempt: DeliveryAttempt,
  ports: AlertDeliveryPorts,
): Promise<DeliveryResult> {
  const { now, receiveCount, policy } = attempt;
  const found = await ports.records.get(message.alertId);
  if (!found) return { kind: 'done' };
  const contexts = await ports.loadContexts([message]);
  const unreadable = contexts.unreadable.get(message.alertId);
  // One alert of one workspace: its message is retried like any failure, holding up no other.
  if (unreadable !== undefined) throw new Error(`${UNREADABLE_ERROR}: ${unreadable}`);
  const context = contexts.found.get(message.alertId);
  if (!isCurrent(message, context)) {
    await dropStaleAlert(found, ports.records);
    return { kind: 'done' };
  }
  let record = found;
  if (record.deliveries === null || record.deliveries.length === 0) {
    // Records from before the scan planned deliveries: planned on their first attempt.
    record =
      (await ports.records.planDeliveries(
        message.alertId,
        resolveDeliveries({ ...context, escalation: isEscalationAlertId(message.alertId) }),
        now,
      )) ?? record;
  }
  const deliveries = record.deliveries ?? [];

  const month = monthOf(now);
  const notice = alertNoticeOf(message, context, ports.appOrigin, now);
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_SECONDS * 1000);
  const nextAttemptAt = nextAttemptAfter(attempt);
  const sentNow: string[] = [];
  const failedNow: { channel: string; target: string; error: string }[] = [];
  const skippedNow: { channel: string; reason: string }[] = [];
  let retryable = false;
  let touched = false;
  let slackRevoked = false;

  for (const delivery of deliveries.filter((planned) => planned.kind !== 'email')) {
    if (!isClaimable(delivery, now)) {
      retryable ||= delivery.status === 'sending';
      continue;
    }
    if (!(await ports.records.claim(message.alertId, delivery.key, { now, leaseUntil }))) {
      // Another attempt holds it (or finished it); the next attempt sees the outcome.
      retryable = true;
      continue;
    }
    touched = true;
    const skipReason =
      skipReasonOf(context, delivery) ??
      ((await ports.quota.reserve(context.workspace.ownerId, context.workspace.plan, month))
        ? null
        : SKIP_REASONS.quota);
    if (skipReason) {
      await ports.records.markSkipped(message.alertId, delivery.key, skipReason, now);
      skippedNow.push({ channel: delivery.channel, reason: skipReason });
      continue;
    }
    const failure =
      delivery.kind === SLACK_APP_CHANNEL
        ? await sendSlackApp(message.workspaceId, context, notice, ports)
        : await sendWebhook(delivery, context, notice, ports);
    slackRevoked ||= failure !== null && 'revoked' in failure && failure.revoked === true;
    if (failure) {
      await ports.quota.release(context.workspace.ownerId, month);
      await ports.records.markFailed(
        message.alertId,
        delivery.key,
        { error: failure.error, permanent: failure.permanent, nextAttemptAt },
        now,
      );
      await ports.stats.count(message.workspaceId, month, delivery.kind, 'failure');
      ports.metrics.count('failed', delivery.kind);
      failedNow.push({ channel: delivery.channel, target: delivery.target, error: failure.error });
      if (!failure.permanent) {
        retryable = true;
        if (nextAttemptAt === null) ports.metrics.count('deadLettered', delivery.kind);
      }
      continue;
    }
    await ports.records.markSent(message.alertId, delivery.key, now);
    await ports.stats.count(message.workspaceId, month, delivery.kind, 'success');
    ports.metrics.count('sent', delivery.kind);
    sentNow.push(delivery.channel);
  }
  const fallback = slackRevoked
    ? await addEmailFallback(message.alertId, record, { ...context, slackApp: REVOKED }, ports, now)
    : [];
  if (touched) await ports.records.settle(message.alertId, now);

  const base = {
    workspaceId: message.workspaceId,
    plan: context.workspace.plan,
    alertId: message.alertId,
    tokenName: context.token.name,
  };
  const audits: AlertAuditEvent[] = [];
  if (sentNow.length > 0) {
    audits.push({ ...base, action: 'alert.sent', metadata: { channels: sentNow } });
  }
  if (failedNow.length > 0) {
    audits.push({
      ...base,
      action: 'alert.failed',
      metadata: { failures: failedNow, attempt: receiveCount },
    });
  }
  if (skippedNow.length > 0) {
    audits.push({ ...base, action: 'alert.skipped', metadata: { skipped: skippedNow } });
  }
  const lastError = failedNow.map((failure) => failure.error)[0];
  if (lastError !== undefined && nextAttemptAt === null && retryable) {
    audits.push({
      ...base,
      action: 'alert.dead_lettered',
      metadata: { attempts: receiveCount, lastError },
    });
  }
  for (const event of audits) await ports.audit(event);

  let result: DeliveryResult = retryable
    ? {
        kind: 'retry',
        delaySeconds: retryDelaySeconds(receiveCount, policy),
        error: lastError ?? 'Delivery pending',
      }
    : { kind: 'done' };
  // A webhooks-only message leaves the planned addresses to their digests; the addresses that
  // stand in for a revoked Slack app are sent here.
  const emails = message.deliver === 'webhooks' ? fallback : [...deliveries, ...fallback];
  for (const delivery of emails.filter((planned) => planned.kind === 'email')) {
    const digest = {
      kind: 'digest' as const,
      digestId: `${message.alertId}~${delivery.key}`,
      address: delivery.target,
      alerts: [message],
    };
    result = combineResults(result, await deliverDigest(digest, attempt, ports));
  }
  return result;
}

async function sendWebhook(
  delivery: DeliveryState,
  context: Parameters<typeof alertNoticeOf>[1],
  notice: ReturnType<typeof alertNoticeOf>,
  ports: AlertDeliveryPorts,
): Promise<{ error: string; permanent: boolean } | null> {
  const channel = context.settings.webhook_urls.find((webhook) => webhook.name === delivery.target);
  if (!channel) return { error: SKIP_REASONS.webhookRemoved, permanent: true };
  try {
    const actions = ACTION_LINK_KINDS.has(channel.kind)
      ? await alertActionLinks(notice, webhookRecipient(channel.name), ports, new Date())
      : [];
    await ports.sendWebhook({
      channel,
      signingSecret: context.settings.signing_secret,
      notice: actions.length > 0 ? { ...notice, actions } : notice,
    });
    return null;
  } catch (error) {
    return {
      error: errorText(error),
      permanent: error instanceof WebhookDeliveryError && error.reason === 'blocked',
    };
  }
}

const REVOKED = { channelName: '', status: 'revoked' } as const;

/**
 * Slack revoked the workspace's installation while this alert was on its way: email stands in
 * for it, so the addresses the alert would go to with email on (the contact groups', else the
 * owner's, and the token's owner) are added to the record and sent now, as one-row digests.
 */
async function addEmailFallback(
  alertId: string,
  record: { readonly deliveries: readonly DeliveryState[] | null },
  context: TokenAlertContext,
  ports: AlertDeliveryPorts,
  now: Date,
): Promise<DeliveryState[]> {
  const planned = new Set((record.deliveries ?? []).map((delivery) => delivery.key));
  const fallback = resolveDeliveries({
    ...context,
    escalation: isEscalationAlertId(alertId),
  }).filter((delivery) => delivery.kind === 'email' && !planned.has(delivery.key));
  if (fallback.length > 0) await ports.records.addDeliveries(alertId, fallback, now);
  return fallback;
}

async function sendSlackApp(
  workspaceId: string,
  context: TokenAlertContext,
  notice: ReturnType<typeof alertNoticeOf>,
  ports: AlertDeliveryPorts,
): Promise<{ error: string; permanent: boolean; revoked?: boolean } | null> {
  try {
    const result = await ports.sendSlackApp({
      workspaceId,
      plan: context.workspace.plan,
      notice,
      token: context.token,
    });
    if (result.kind === 'sent') return null;
    if (result.kind === 'not_installed') {
      return { error: SKIP_REASONS.slackAppRemoved, permanent: true };
    }
    return {
      error: `Slack answered ${result.reason}: the installation was revoked, so alerts go by email until it is installed again`,
      permanent: true,
      revoked: true,
    };
  } catch (error) {
    return { error: errorText(error), permanent: false };
  }
}
