/**
 * Delivering one alert: resolves its channels once, then sends each pending
 * delivery (one per email address, one per webhook) at most once, keeping the state of each in
 * the alert record so that a retry sends only what failed.
 *
 * Exactly-once per delivery relies on the record: a delivery is claimed with a conditional write
 * (pending or failed -> sending, with a lease) before the send and marked sent right after it.
 * A duplicate message finds it claimed or sent and sends nothing. The one gap is a crash between
 * the send and the mark: the lease runs out and the next attempt sends again (at least once, not
 * exactly once, in that window). PagerDuty's dedup_key and the alert id in every webhook payload
 * let receivers drop such a repeat.
 *
 * No AWS imports: the worker (jobs/alert-worker.ts) wires the ports.
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import type { AlertMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { WebhookDeliveryError, type AlertNotice } from '../../domain/alert-channels';
import { renderAlertEmail } from '../../domain/alert-email';
import { contactGroupFor, daysLeft } from '../../domain/alert-schedule';
import type {
  DeliveryState,
  AlertRecordStatus,
  AlertContext,
  AlertDeliveryPorts,
} from '../../domain/alert-delivery-model';

export interface RetryPolicy {
  /** The attempt (receive) after which the queue moves the message to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
}

/** Exponential backoff: base, 2x base, 4x base... capped. */
export function retryDelaySeconds(receiveCount: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, receiveCount - 1);
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** exponent);
}

/** How long a claimed delivery stays claimed (longer than any send may take). */
export const DELIVERY_LEASE_SECONDS = 120;

export const SKIP_REASONS = {
  quota: 'Monthly alert delivery limit reached',
  webhookRemoved: 'Webhook no longer configured',
  frozen: 'Workspace is frozen: alerts are paused',
  emailDisabled: 'Email alerts are disabled',
} as const;

export type DeliveryResult =
  | { readonly kind: 'done' }
  | { readonly kind: 'retry'; readonly delaySeconds: number; readonly error: string };

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
  };
}

/**
 * Who gets the alert. The contact group that applies (the token's, else the workspace default)
 * names the addresses and webhooks; without one, the owner's address and every webhook of the
 * workspace. Email only when email alerts are on.
 */
export function resolveDeliveries(context: AlertContext): DeliveryState[] {
  const { token, settings, workspace, ownerEmail } = context;
  const group = contactGroupFor(settings, token?.contact_group_id ?? null, workspace.plan);
  const addresses = settings.email_alerts_enabled
    ? group
      ? group.emails
      : ownerEmail
        ? [ownerEmail]
        : []
    : [];
  const webhooks = group
    ? settings.webhook_urls.filter((webhook) => group.webhook_names.includes(webhook.name))
    : settings.webhook_urls;
  const seen = new Set<string>();
  const deliveries: DeliveryState[] = [];
  for (const address of addresses) {
    const key = emailChannelKey(address);
    if (seen.has(key)) continue;
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
  return deliveries;
}

/** A delivery that another attempt would still try: failed for a passing reason, or unfinished. */
function isRetryable(delivery: DeliveryState): boolean {
  if (delivery.status === 'failed') return !delivery.permanent;
  return delivery.status === 'pending' || delivery.status === 'sending';
}

function isClaimable(delivery: DeliveryState, now: Date): boolean {
  if (delivery.status === 'pending') return true;
  if (delivery.status === 'failed') return !delivery.permanent;
  if (delivery.status === 'sending') {
    return delivery.leaseUntil === null || new Date(delivery.leaseUntil) <= now;
  }
  return false;
}

export function alertNoticeOf(
  message: AlertMessage,
  context: AlertContext & { token: Token },
  appOrigin: string,
  now: Date,
): AlertNotice {
  const { token, workspace } = context;
  return {
    alertId: message.alertId,
    workspaceId: message.workspaceId,
    workspaceName: workspace.name,
    tokenId: token.id,
    tokenName: token.name,
    category: token.category,
    type: token.type,
    expiresAt: token.expiresAt,
    daysLeft: daysLeft(token.expiresAt, now),
    threshold: message.threshold,
    renewalUrl: token.renewal_url,
    dashboardUrl: `${appOrigin}/dashboard?workspace=${encodeURIComponent(message.workspaceId)}`,
  };
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || 'Unknown error';
}

/** The alert's status from its deliveries. */
export function summarize(deliveries: readonly DeliveryState[]): {
  status: AlertRecordStatus;
  retryable: boolean;
  lastError: string | null;
} {
  const sent = deliveries.filter((delivery) => delivery.status === 'sent').length;
  const open = deliveries.filter(
    (delivery) => delivery.status === 'pending' || delivery.status === 'sending',
  ).length;
  const failed = deliveries.filter((delivery) => delivery.status === 'failed');
  const skipped = deliveries.filter((delivery) => delivery.status === 'skipped');
  const retryable = deliveries.some(isRetryable);
  const lastError = [...failed, ...skipped].map((delivery) => delivery.lastError).find(Boolean);
  let status: AlertRecordStatus;
  if (open > 0) status = 'pending';
  else if (sent === deliveries.length) status = 'sent';
  else if (sent > 0) status = 'partial';
  else status = 'failed';
  return { status, retryable, lastError: lastError ?? null };
}

/**
 * Delivers one alert message. Answers `done` when nothing is left to try automatically, or
 * `retry` with the delay before the next attempt (the queue redelivers the message).
 */
export async function deliverAlert(
  message: AlertMessage,
  attempt: { receiveCount: number; policy: RetryPolicy; now: Date },
  ports: AlertDeliveryPorts,
): Promise<DeliveryResult> {
  const { now, receiveCount, policy } = attempt;
  const record = await ports.records.get(message.alertId);
  if (!record) return { kind: 'done' };
  const context = await ports.loadContext(message);
  const token = context?.token;
  if (!context || !token || token.expiresAt !== message.expiresAt) {
    // Deleted or renewed before delivery: its new date has its own alerts.
    if (!record.deliveries?.some((delivery) => delivery.status === 'sent')) {
      await ports.records.remove(message.alertId);
    }
    return { kind: 'done' };
  }

  let deliveries = record.deliveries;
  if (deliveries === null || deliveries.length === 0) {
    const planned = await ports.records.planDeliveries(
      message.alertId,
      resolveDeliveries(context),
      now,
    );
    deliveries = planned?.deliveries ?? [];
  }
  const states = new Map(deliveries.map((delivery) => [delivery.key, delivery]));
  const update = (key: string, change: Partial<DeliveryState>) => {
    const current = states.get(key);
    if (current) states.set(key, { ...current, ...change });
  };

  const month = monthOf(now);
  const notice = alertNoticeOf(message, { ...context, token }, ports.appOrigin, now);
  const sentNow: string[] = [];
  const failedNow: { channel: string; target: string; error: string }[] = [];
  const skippedNow: { channel: string; reason: string }[] = [];
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_SECONDS * 1000);

  for (const delivery of deliveries) {
    if (!isClaimable(delivery, now)) continue;
    const skip = async (reason: string) => {
      await ports.records.markSkipped(message.alertId, delivery.key, reason, now);
      update(delivery.key, { status: 'skipped', lastError: reason });
      skippedNow.push({ channel: delivery.channel, reason });
    };
    if (!(await ports.records.claim(message.alertId, delivery.key, now, leaseUntil))) {
      // Another attempt holds it (or finished it); the next attempt sees the outcome.
      update(delivery.key, { status: 'sending' });
      continue;
    }
    if (context.workspace.isFrozen) {
      await skip(SKIP_REASONS.frozen);
      continue;
    }
    const webhook =
      delivery.kind === 'email'
        ? undefined
        : context.settings.webhook_urls.find((channel) => channel.name === delivery.target);
    if (delivery.kind === 'email' && !context.settings.email_alerts_enabled) {
      await skip(SKIP_REASONS.emailDisabled);
      continue;
    }
    if (delivery.kind !== 'email' && !webhook) {
      await skip(SKIP_REASONS.webhookRemoved);
      continue;
    }
    if (!(await ports.quota.reserve(context.workspace.ownerId, context.workspace.plan, month))) {
      await skip(SKIP_REASONS.quota);
      continue;
    }
    try {
      if (webhook) {
        await ports.sendWebhook({
          channel: webhook,
          signingSecret: context.settings.signing_secret,
          notice,
        });
      } else {
        await ports.mailer.send(renderAlertEmail(notice, delivery.target));
      }
    } catch (error) {
      const text = errorText(error);
      const permanent = error instanceof WebhookDeliveryError && error.reason === 'blocked';
      await ports.quota.release(context.workspace.ownerId, month);
      await ports.records.markFailed(message.alertId, delivery.key, text, permanent, now);
      await ports.stats.count(message.workspaceId, month, delivery.kind, 'failure');
      ports.metrics.count('failed', delivery.kind);
      update(delivery.key, {
        status: 'failed',
        lastError: text,
        permanent,
        attempts: delivery.attempts + 1,
      });
      failedNow.push({ channel: delivery.channel, target: delivery.target, error: text });
      continue;
    }
    await ports.records.markSent(message.alertId, delivery.key, now);
    await ports.stats.count(message.workspaceId, month, delivery.kind, 'success');
    ports.metrics.count('sent', delivery.kind);
    update(delivery.key, { status: 'sent', sentAt: now.toISOString() });
    sentNow.push(delivery.channel);
  }

  const summary = summarize([...states.values()]);
  const lastAttempt = receiveCount >= policy.maxReceiveCount;
  const retrying = summary.retryable && !lastAttempt;
  const deadLettered = summary.retryable && lastAttempt;
  const delaySeconds = retryDelaySeconds(receiveCount, policy);
  await ports.records.finish(
    message.alertId,
    {
      status: summary.status === 'pending' && deadLettered ? 'failed' : summary.status,
      deadLettered,
      receives: receiveCount,
      lastError: summary.lastError,
      nextAttemptAt: retrying ? new Date(now.getTime() + delaySeconds * 1000).toISOString() : null,
      needsAttention: !retrying && summary.status !== 'sent',
    },
    now,
  );

  const base = {
    workspaceId: message.workspaceId,
    plan: context.workspace.plan,
    alertId: message.alertId,
    tokenName: token.name,
  };
  if (sentNow.length > 0) {
    await ports.audit({ ...base, action: 'alert.sent', metadata: { channels: sentNow } });
  }
  if (failedNow.length > 0) {
    await ports.audit({
      ...base,
      action: 'alert.failed',
      metadata: { failures: failedNow, attempt: receiveCount },
    });
  }
  if (skippedNow.length > 0) {
    await ports.audit({ ...base, action: 'alert.skipped', metadata: { skipped: skippedNow } });
  }
  if (deadLettered) {
    for (const delivery of states.values()) {
      if (isRetryable(delivery)) ports.metrics.count('deadLettered', delivery.kind);
    }
    await ports.audit({
      ...base,
      action: 'alert.dead_lettered',
      metadata: { attempts: receiveCount, lastError: summary.lastError },
    });
  }
  return summary.retryable
    ? { kind: 'retry', delaySeconds, error: summary.lastError ?? 'Delivery pending' }
    : { kind: 'done' };
}
