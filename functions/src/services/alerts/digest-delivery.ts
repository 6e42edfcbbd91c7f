/**
 * Delivering one digest: one email to one address listing every alert of the message still due
 * for it. Each row is the delivery `email:<address>` of one alert record, claimed on its own with
 * a conditional write (pending or failed -> sending, with a lease and the digest's id) before the
 * send and marked sent or failed after it, so:
 * - a row already sent (by an earlier attempt or another digest) is not claimed and drops out: a
 *   retry never sends what was delivered;
 * - a token deleted or renewed since the scan drops out (its record goes unless something of it
 *   was sent);
 * - a failure concerns this address only: the other addresses have digests of their own;
 * - a row whose alert's stored items cannot be read (its record, token, workspace or opt-out)
 *   fails on its own: the other rows go out, and the message comes back for it.
 *
 * The one gap is a crash between the send and the marks: the leases run out and the next attempt
 * sends those rows again (at least once, not exactly once, in that window).
 *
 * Rows are claimed and marked ROW_CONCURRENCY at a time (each is a record of its own), once the
 * first row has been claimed on its own: an attempt that finds that row held by another (a
 * duplicate of the message received at the same time) leaves the digest to it whole. Their
 * records are settled together at the end, read in one request.
 * A row of a workspace whose alert emails the address stopped (its one-click link) is skipped, and
 * so is every row to an address on the suppression list (SES reported it bouncing or complaining),
 * with the reason the alert queue shows.
 * Each row offers the alert's action links its address may use now: its account (if any) and its
 * memberships of the digest's workspaces are read once for the digest (the `recipientAccountOf`
 * port) and held to the rule the links are checked with when used (alert-link-recipient.ts,
 * domain/alert-link-rights.ts); a row whose links would be refused carries none, and the email
 * says why once per workspace.
 * Quota and statistics count per row (one alert delivered to one address); the delivery metrics
 * count emails. A part of a digest too long for one message (services/alerts/alert-messages.ts)
 * is delivered the same way, its email saying which part it is.
 */
import type {
  AlertRef,
  DigestMessage,
  DigestPart,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type {
  AlertAuditEvent,
  AlertDeliveryPorts,
  AlertRecord,
  DeliveryState,
} from '../../domain/alert-delivery-model';
import { escalationFor, isEscalationAlertId } from '../../domain/alert-schedule';
import { tokenContactGroups } from '../../domain/token-alert-audiences';
import {
  identifyingFields,
  type AlertDigest,
  type DigestRow,
  type RecipientReason,
  type WorkspaceLinks,
} from '../../domain/alert-digest';
import { renderDigestEmail } from '../../domain/alert-email';
import {
  alertNoticeOf,
  DELIVERY_LEASE_SECONDS,
  dropStaleAlert,
  emailChannelKey,
  errorText,
  isClaimable,
  isCurrent,
  monthOf,
  nextAttemptAfter,
  retryDelaySeconds,
  SKIP_REASONS,
  skipReasonOf,
  UNREADABLE_ERROR,
  type DeliveryAttempt,
  type DeliveryResult,
  type TokenAlertContext,
} from './delivery-rules';
import { forEachLimited } from '../../platform/concurrency';
import { oneClickUnsubscribeUrl, preferencesUrl, unsubscribePageUrl } from './alert-links';
import { offeredAlertActions } from './alert-action-links';
import { linkRecipientFrom } from './alert-link-recipient';
import { getsTokenAlerts } from '../../domain/alert-link-rights';

/**
 * Rows of one digest claimed and marked at once: each row is its own record and its own
 * conditional writes, so they need no order; a digest of 100 rows stays well within the worker's
 * time.
 */
const ROW_CONCURRENCY = 10;

interface ClaimedRow {
  readonly record: AlertRecord;
  readonly context: TokenAlertContext;
  readonly row: DigestRow;
}

function reasonFor(
  context: TokenAlertContext,
  address: string,
  escalated: boolean,
): RecipientReason {
  const isTokenOwner = context.tokenOwnerEmail?.toLowerCase() === address.toLowerCase();
  if (escalated) {
    const escalation = escalationFor(
      context.settings,
      context.token.contact_group_id,
      context.workspace.plan,
    );
    const inEscalationGroup = escalation?.to.emails.some(
      (email) => email.toLowerCase() === address.toLowerCase(),
    );
    if (isTokenOwner && !inEscalationGroup) return { kind: 'token_owner' };
    return {
      kind: 'escalation',
      groupName: escalation?.to.name ?? null,
      fromGroupName: escalation?.from.name ?? null,
      delayHours: escalation?.delayHours ?? null,
    };
  }
  // The first of the token's contact groups (its own, then its additional ones) that names it.
  const group = tokenContactGroups(context.settings, context.token, context.workspace.plan).find(
    (candidate) => candidate.emails.some((email) => email.toLowerCase() === address.toLowerCase()),
  );
  if (group) return { kind: 'contact_group', groupName: group.name };
  return isTokenOwner ? { kind: 'token_owner' } : { kind: 'workspace_owner' };
}

/**
 * Which part of its digest the email is. The whole digest's summary line stays only on a first
 * part sent with every row: a retry, or rows dropped since the scan, send fewer than it sums up.
 */
function partOf(message: DigestMessage, rowsSent: number): DigestPart | undefined {
  if (!message.part) return undefined;
  const { summary, ...part } = message.part;
  return summary && rowsSent === message.alerts.length ? { ...part, summary } : part;
}

/** The digest with its links: per workspace its preferences and a signed unsubscribe link. */
async function digestOf(
  address: string,
  rows: readonly DigestRow[],
  part: DigestPart | undefined,
  ports: Pick<AlertDeliveryPorts, 'signUnsubscribe' | 'appOrigin'>,
): Promise<AlertDigest> {
  const workspaceIds = [...new Set(rows.map((row) => row.notice.workspaceId))];
  const workspaceLinks = new Map<string, WorkspaceLinks>();
  for (const workspaceId of workspaceIds) {
    const token = await ports.signUnsubscribe({ address, workspaceIds: [workspaceId] });
    workspaceLinks.set(workspaceId, {
      preferencesUrl: preferencesUrl(ports.appOrigin, workspaceId),
      unsubscribeUrl: unsubscribePageUrl(ports.appOrigin, token),
    });
  }
  const all = await ports.signUnsubscribe({ address, workspaceIds });
  return {
    to: address,
    rows,
    ...(part ? { part } : {}),
    workspaceLinks,
    unsubscribePageUrl: unsubscribePageUrl(ports.appOrigin, all),
    unsubscribeUrl: oneClickUnsubscribeUrl(ports.appOrigin, all),
  };
}

/** A delivery another attempt holds: this message comes back to see how it ended. */
function isHeldElsewhere(delivery: DeliveryState, now: Date): boolean {
  return delivery.status === 'sending' && !isClaimable(delivery, now);
}

/**
 * A row whose alert's stored items cannot be read (another workspace's rows go out without it):
 * marked failed like a send that failed, so the message's retries try it again, its last attempt
 * dead-letters it and a requeue brings it back; never marked sent. No audit event: its retention
 * follows the workspace's plan, which may be what cannot be read (the job's log names it).
 */
async function failUnreadableRow(
  record: AlertRecord,
  key: string,
  error: string,
  claim: { now: Date; leaseUntil: Date; digestId: string },
  attempt: DeliveryAttempt,
  ports: AlertDeliveryPorts,
): Promise<boolean> {
  const delivery = record.deliveries?.find((planned) => planned.key === key);
  if (!delivery || !isClaimable(delivery, attempt.now)) return false;
  if (!(await ports.records.claim(record.alertId, key, claim))) return false;
  const failure = { error, permanent: false, nextAttemptAt: nextAttemptAfter(attempt) };
  await ports.records.markFailed(record.alertId, key, failure, attempt.now);
  await ports.stats.count(record.workspaceId, monthOf(attempt.now), 'email', 'failure');
  return true;
}

export async function deliverDigest(
  message: DigestMessage,
  attempt: DeliveryAttempt,
  ports: AlertDeliveryPorts,
): Promise<DeliveryResult> {
  const { now } = attempt;
  const key = emailChannelKey(message.address);
  const workspaceIds = [...new Set(message.alerts.map((alert) => alert.workspaceId))];
  const [records, contexts, optedOut, suppression, account] = await Promise.all([
    ports.records.getMany(message.alerts.map((alert) => alert.alertId)),
    ports.loadContexts(message.alerts),
    ports.workspacesOptedOut(message.address, workspaceIds),
    ports.suppressionOf(message.address),
    ports.recipientAccountOf(message.address, workspaceIds),
  ]);
  const suppressedReason =
    suppression === 'bounce'
      ? SKIP_REASONS.bounced
      : suppression === 'complaint'
        ? SKIP_REASONS.complained
        : null;
  const recordsById = new Map(records.found.map((record) => [record.alertId, record]));
  const unreadableOf = (alert: AlertRef) =>
    records.unreadable.get(alert.alertId) ??
    contexts.unreadable.get(alert.alertId) ??
    optedOut.unreadable.get(alert.workspaceId);
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_SECONDS * 1000);
  const month = monthOf(now);
  const audits: AlertAuditEvent[] = [];
  const touched = new Set<string>();
  const claimed: ClaimedRow[] = [];
  let heldElsewhere = false;
  let unreadableError: string | null = null;

  let claimedAny = false;
  const takeRow = async (alert: AlertRef): Promise<void> => {
    const record = recordsById.get(alert.alertId);
    const unreadable = unreadableOf(alert);
    if (unreadable !== undefined) {
      const error = errorText(`${UNREADABLE_ERROR}: ${unreadable}`);
      unreadableError ??= error;
      const claim = { now, leaseUntil, digestId: message.digestId };
      if (record && (await failUnreadableRow(record, key, error, claim, attempt, ports))) {
        touched.add(alert.alertId);
      }
      return;
    }
    if (!record) return;
    const context = contexts.found.get(alert.alertId);
    if (!isCurrent(alert, context)) {
      await dropStaleAlert(record, ports.records);
      return;
    }
    const delivery = record.deliveries?.find((planned) => planned.key === key);
    if (!delivery) return;
    if (!isClaimable(delivery, now)) {
      heldElsewhere ||= isHeldElsewhere(delivery, now);
      return;
    }
    const claim = { now, leaseUntil, digestId: message.digestId };
    if (!(await ports.records.claim(alert.alertId, key, claim))) {
      // Another attempt holds it (or finished it); the next attempt sees the outcome.
      heldElsewhere = true;
      return;
    }
    touched.add(alert.alertId);
    claimedAny = true;
    const base = {
      workspaceId: alert.workspaceId,
      plan: context.workspace.plan,
      alertId: alert.alertId,
      tokenName: context.token.name,
    };
    const skipReason =
      skipReasonOf(context, delivery) ??
      suppressedReason ??
      (optedOut.found.has(alert.workspaceId) ? SKIP_REASONS.unsubscribed : null) ??
      ((await ports.quota.reserve(context.workspace.ownerId, context.workspace.plan, month))
        ? null
        : SKIP_REASONS.quota);
    if (skipReason) {
      await ports.records.markSkipped(alert.alertId, key, skipReason, now);
      audits.push({
        ...base,
        action: 'alert.skipped',
        metadata: { skipped: [{ channel: 'email', reason: skipReason }] },
      });
      return;
    }
    const notice = alertNoticeOf(alert, context, ports.appOrigin, now);
    const recipient = linkRecipientFrom(
      account && { ...account, role: account.roles.get(alert.workspaceId) },
      context.workspace,
      () =>
        getsTokenAlerts(context.settings, context.token, context.workspace.plan, message.address),
    );
    const { actions, withheld } = await offeredAlertActions(
      notice,
      message.address,
      recipient,
      ports,
      now,
    );
    claimed.push({
      record,
      context,
      row: {
        notice: { ...notice, actions },
        identifiers: identifyingFields(context.token),
        reason: reasonFor(context, message.address, isEscalationAlertId(alert.alertId)),
        ...(withheld ? { actionsWithheld: withheld } : {}),
      },
    });
  };
  // One row at a time up to the first one claimed: of two copies of this message handled at the
  // same time (SQS delivers at least once), one claims that row, and the other, finding it held,
  // leaves every row to it and comes back to see how it ended. Claimed all at once from the
  // start, the two split the digest between two emails.
  let next = 0;
  while (next < message.alerts.length && !claimedAny && !heldElsewhere) {
    await takeRow(message.alerts[next]!);
    next += 1;
  }
  if (!heldElsewhere || claimedAny) {
    await forEachLimited(message.alerts.slice(next), ROW_CONCURRENCY, takeRow);
  }

  let failure: string | null = null;
  if (claimed.length > 0) {
    try {
      const rows = claimed.map(({ row }) => row);
      await ports.mailer.send(
        await renderDigestEmail(
          await digestOf(message.address, rows, partOf(message, rows.length), ports),
        ),
      );
    } catch (error) {
      failure = errorText(error);
    }
    const nextAttemptAt = nextAttemptAfter(attempt);
    await forEachLimited(claimed, ROW_CONCURRENCY, async ({ record, context, row }) => {
      const base = {
        workspaceId: record.workspaceId,
        plan: context.workspace.plan,
        alertId: record.alertId,
        tokenName: row.notice.tokenName,
      };
      if (failure === null) {
        await ports.records.markSent(record.alertId, key, now);
        await ports.stats.count(record.workspaceId, month, 'email', 'success');
        audits.push({
          ...base,
          action: 'alert.sent',
          metadata: { channels: ['email'], recipients: [message.address] },
        });
        return;
      }
      await ports.quota.release(context.workspace.ownerId, month);
      await ports.records.markFailed(
        record.alertId,
        key,
        { error: failure, permanent: false, nextAttemptAt },
        now,
      );
      await ports.stats.count(record.workspaceId, month, 'email', 'failure');
      audits.push({
        ...base,
        action: 'alert.failed',
        metadata: {
          failures: [{ channel: 'email', target: message.address, error: failure }],
          attempt: attempt.receiveCount,
        },
      });
      if (nextAttemptAt === null) {
        audits.push({
          ...base,
          action: 'alert.dead_lettered',
          metadata: { attempts: attempt.receiveCount, lastError: failure },
        });
      }
    });
    ports.metrics.count(failure === null ? 'sent' : 'failed', 'email');
    if (failure !== null && nextAttemptAfter(attempt) === null) {
      ports.metrics.count('deadLettered', 'email');
    }
  }

  await ports.records.settleMany([...touched], now);
  await forEachLimited(audits, ROW_CONCURRENCY, (event) => ports.audit(event));

  const retryError = failure ?? unreadableError;
  if (retryError === null && !heldElsewhere) return { kind: 'done' };
  return {
    kind: 'retry',
    delaySeconds: retryDelaySeconds(attempt.receiveCount, attempt.policy),
    error: retryError ?? 'Delivery pending',
  };
}
