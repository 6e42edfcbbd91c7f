/**
 * The expiry scan (EventBridge schedule, hourly; a timer locally): reads the tokens whose next
 * alert window has opened (the sparse due-alerts index, never a table scan), creates one alert
 * record per token window with its planned deliveries (the addresses and webhooks it goes to),
 * then enqueues per address one digest listing every alert due for it, across workspaces, and
 * per alert with webhooks one message for them; then arms each token for its next window. Only
 * the latest opened window of a token fires, so windows missed in an outage fire once, late.
 *
 * Escalation: a token whose contact group escalates is due once more after its last window plus
 * the group's delay; still unrenewed then (a renewal re-arms it for its new date), it gets one
 * escalation record (`escalationAlertIdOf`, idempotent like any alert) planned for the
 * escalation group, and its last alert is marked escalated so it is never due for it again.
 *
 * Quiet hours: a workspace with a delivery window holds what comes due outside it: the token's
 * `nextAlertAt` moves to the window's next opening, where the scan finds it due again (expiry-day
 * and expired alerts go out at once when the window lets urgent alerts through).
 *
 * Alert actions (services/alerts/alert-action-holds): a token acknowledged for its current
 * expiry is disarmed (`nextAlertAt` null until a new expiry re-arms it); one snoozed is due again
 * on the snooze's day, when the latest window opened by then fires.
 *
 * Unsubscribed: a window whose every recipient stopped the workspace's alert emails (and with no
 * webhook) passes without an alert record or message; the token is armed for its next window.
 *
 * Removed at source (domain/alert-schedule `isRemovedAtSource`): a token its source no longer has
 * is disarmed without an alert; its own write arms it again once it is found again.
 *
 * Paused workspaces (frozen, or with no channel: email off and no webhook) enqueue nothing.
 * Their tokens are not marked alerted: `nextAlertAt` moves a day ahead (PAUSED_RECHECK_SECONDS),
 * so the window is looked at again daily and fires once the workspace is unfrozen or gets a
 * channel (saving alert settings also re-arms at once, data/alert-arming). A window that closed
 * while paused gives way to the next one, like any missed window.
 *
 * Crash safety: record, then message, then the token's advance. A crash in between leaves the
 * token due, so the next scan enqueues the same alert id again (in a new digest); the worker's
 * per-delivery state makes that second message send nothing twice.
 *
 * Time: more due tokens than one invocation can plan, enqueue and advance (a backlog after an
 * outage, a large import of one expiry) must not time the scan out, since a scan cut off before
 * its messages leaves every token due for the next scan to meet again, and again. Planning stops
 * at its share of the invocation (domain/scan-time-budget.ts); what it planned is enqueued and
 * advanced, and the tokens not planned (`deferred`) stay due for the next scan.
 */
import { performance } from 'node:perf_hooks';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { isDigestMessage, type AlertRef } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import { enqueueAlerts, type AlertEnqueuer } from '../adapters/alert-queue';
import { writeNextAlertAt } from '../data/alert-arming';
import { listAlertEmailOptOuts } from '../data/alert-email-opt-outs';
import type { SlackAppChannel } from '../domain/alert-delivery-model';
import { recordAlertEvent } from '../data/alert-audit';
import { findDueTokens } from '../data/alert-due-tokens';
import { createAlertRecord, findAlertRecord } from '../data/alert-record-store';
import { readWorkspaceAlertContexts, workspaceFailure } from '../data/workspace-alert-contexts';
import { WorkspaceIsolatedReads } from '../data/workspace-isolated-reads';
import type { WorkspaceAlertSettings } from '../domain/alert-channels';
import {
  alertIdOf,
  daysLeft,
  dueWindow,
  escalationAlertIdOf,
  escalationDueAt,
  escalationFor,
  hasAlertChannel,
  isRemovedAtSource,
  nextAlertAt,
  renewalOverdueAlertIdOf,
  type LastAlert,
} from '../domain/alert-schedule';
import { audiencesAt, tokenAlertPlan } from '../domain/token-alert-audiences';
import { mayDeliverNow, nextWindowStart } from '../domain/delivery-window';
import { planningStopsBelow } from '../domain/scan-time-budget';
import { forEachLimited } from '../platform/concurrency';
import { logger } from '../platform/logger';
import { reportWorkspaceFailure } from '../platform/workspace-failures';
import { alertMessagesFor, type AlertToDeliver } from '../services/alerts/alert-messages';
import {
  digestRowFactsOf,
  resolveDeliveries,
  slackAppRole,
} from '../services/alerts/delivery-rules';
import { ownerEmailOf, ownerEmailsOf } from '../data/token-owner-emails';
import { alertActionHolds } from '../services/alerts/alert-action-holds';
import { metrics, METRIC_NAMES } from '../platform/metrics';

export const PAUSED_RECHECK_SECONDS = 24 * 60 * 60;
const CONCURRENCY = 16;

export interface ExpiryScanResult {
  /** Token items the due-alerts index answered. */
  readonly due: number;
  /** Alert windows enqueued (each in its recipients' digests and, with webhooks, a message). */
  readonly queued: number;
  /** Of these, escalations (to the escalation group of a token still not renewed). */
  readonly escalated: number;
  /** Digest messages enqueued: one per address (its parts when it has over DIGEST_MAX_ALERTS). */
  readonly digests: number;
  /** In frozen workspaces or workspaces without a channel: checked again later. */
  readonly paused: number;
  /** Due by an old schedule only (thresholds changed meanwhile): re-armed, nothing sent. */
  readonly rearmed: number;
  /** Due outside their workspace's delivery window: due again when it opens. */
  readonly held: number;
  /** Windows no address or webhook was left to get (all stopped the emails): passed, unsent. */
  readonly unaddressed: number;
  /** Held by an alert action (acknowledged, or snoozed until a later day): nothing sent. */
  readonly heldByAction: number;
  /** Removed at source since they were armed (domain/alert-schedule): disarmed, nothing sent. */
  readonly removedAtSource: number;
  /** Not planned in this scan's time (domain/scan-time-budget.ts): still due, for the next one. */
  readonly deferred: number;
}

export interface ExpiryScanPorts {
  readonly enqueue: AlertEnqueuer;
}

export interface ExpiryScanLimits {
  /** What is left of the invocation's time, in ms (the Lambda context's); none locally. */
  readonly timeLeftMs?: () => number;
}

interface WorkspaceState {
  readonly exists: boolean;
  readonly isFrozen: boolean;
  readonly plan: Plan;
  readonly settings: WorkspaceAlertSettings | undefined;
  /** The default recipient: the owner's address. */
  readonly ownerEmail: string | null;
  /** Addresses that stopped the workspace's alert emails. */
  readonly optedOut: ReadonlySet<string>;
  /** The workspace's Slack app installation: its channel, or email when Slack revoked it. */
  readonly slackApp: SlackAppChannel | null;
}

/** A workspace deleted since its tokens were armed: nothing of it is alerted. */
const NO_WORKSPACE: WorkspaceState = {
  exists: false,
  isFrozen: false,
  plan: 'free',
  settings: undefined,
  ownerEmail: null,
  optedOut: new Set(),
  slackApp: null,
};

async function loadWorkspaces(
  workspaceIds: readonly string[],
): Promise<Map<string, WorkspaceState>> {
  const reads = new WorkspaceIsolatedReads('expiry-scan');
  // Left out of this scan when they cannot be read: their tokens stay due for the next one.
  const contexts = await readWorkspaceAlertContexts(workspaceIds, reads);
  const states = new Map<string, WorkspaceState>();
  await forEachLimited(workspaceIds, CONCURRENCY, async (workspaceId) => {
    const context = contexts.get(workspaceId);
    if (!context) {
      if (workspaceFailure(reads, workspaceId) === undefined) {
        states.set(workspaceId, NO_WORKSPACE);
      }
      return;
    }
    try {
      states.set(workspaceId, {
        ...context,
        exists: true,
        optedOut: await listAlertEmailOptOuts(workspaceId),
      });
    } catch (error) {
      reads.failWorkspace(workspaceId, error);
    }
  });
  return states;
}

export async function runExpiryScan(
  now: Date,
  ports: ExpiryScanPorts = { enqueue: enqueueAlerts },
  limits: ExpiryScanLimits = {},
): Promise<ExpiryScanResult> {
  const timeLeftMs = limits.timeLeftMs;
  const planningStops = timeLeftMs ? planningStopsBelow(timeLeftMs()) : 0;
  const startedAt = performance.now();
  const due = (await findDueTokens(now)).filter(
    ({ schedule }) => schedule.nextAlertAt !== null && schedule.nextAlertAt <= now.toISOString(),
  );
  const workspaces = await loadWorkspaces([...new Set(due.map(({ token }) => token.workspace_id))]);
  const ownerEmails = await ownerEmailsOf(due.map(({ token }) => token));
  const holdOf = await alertActionHolds(
    due.map(({ token }) => token),
    now,
  );
  let heldByAction = 0;
  let removedAtSource = 0;
  let paused = 0;
  let rearmed = 0;
  let heldCount = 0;
  let unaddressed = 0;
  let deferred = 0;
  const queued: (AlertToDeliver & {
    token: Token;
    created: boolean;
    plan: Plan;
    /** What the token's last alert becomes once this one is enqueued. */
    alerted: LastAlert;
  })[] = [];

  await forEachLimited(due, CONCURRENCY, async (record) => {
    if (timeLeftMs && timeLeftMs() <= planningStops) {
      deferred += 1;
      return;
    }
    try {
      await planWindow(record);
    } catch (error) {
      // Still due: the next scan tries this token again.
      reportWorkspaceFailure('expiry-scan', record.token.workspace_id, error);
    }
  });

  async function planWindow({ token, schedule }: (typeof due)[number]): Promise<void> {
    const workspace = workspaces.get(token.workspace_id);
    if (!workspace?.exists || !workspace.settings) return;
    const lastAlert = schedule.lastAlert;
    if (isRemovedAtSource(token)) {
      removedAtSource += 1;
      await writeNextAlertAt(token, null);
      return;
    }
    const holdUntil = holdOf(token);
    if (holdUntil !== undefined) {
      // Acknowledged: no alert for this expiry; snoozed: due again when the snooze ends.
      heldByAction += 1;
      await writeNextAlertAt(token, holdUntil);
      return;
    }
    const hasChannel =
      hasAlertChannel(workspace.settings) ||
      slackAppRole(workspace.slackApp, workspace.plan) !== null;
    if (workspace.isFrozen || !hasChannel) {
      paused += 1;
      const recheck = new Date(now.getTime() + PAUSED_RECHECK_SECONDS * 1000);
      await writeNextAlertAt(token, recheck.toISOString());
      return;
    }
    // Each contact group at its own thresholds; a token that renews itself from its grace point.
    const alertPlan = tokenAlertPlan(workspace.settings, token, workspace.plan);
    const thresholds = alertPlan.thresholds;
    const escalationDelayHours =
      escalationFor(workspace.settings, token.contact_group_id, workspace.plan)?.delayHours ?? null;
    const window = dueWindow({ expiresAt: token.expiresAt, thresholds, lastAlert, now });
    const escalationAt = window
      ? null
      : escalationDueAt({
          expiresAt: token.expiresAt,
          thresholds,
          lastAlert,
          delayHours: escalationDelayHours,
        });
    const escalating = escalationAt !== null && escalationAt <= now && lastAlert !== null;
    if (!window && !escalating) {
      rearmed += 1;
      const next = nextAlertAt({
        expiresAt: token.expiresAt,
        thresholds,
        lastAlert,
        now,
        escalationDelayHours,
      });
      await writeNextAlertAt(token, next ? next.toISOString() : null);
      return;
    }
    // An escalation is about the last window alerted.
    const threshold = window ? window.threshold : lastAlert!.threshold;
    const held = !mayDeliverNow(
      workspace.settings.delivery_window,
      { threshold, daysLeft: daysLeft(token.expiresAt, now) },
      now,
    );
    if (held && workspace.settings.delivery_window) {
      // Quiet hours: due again when the window opens (the latest window then fires).
      heldCount += 1;
      const opens = nextWindowStart(workspace.settings.delivery_window, now);
      await writeNextAlertAt(token, opens.toISOString());
      return;
    }
    const alert: AlertRef = {
      alertId: !window
        ? escalationAlertIdOf(token.id, token.expiresAt, threshold)
        : threshold === alertPlan.renewalOverdueThreshold
          ? renewalOverdueAlertIdOf(token.id, token.expiresAt, threshold)
          : alertIdOf(token.id, token.expiresAt, threshold),
      workspaceId: token.workspace_id,
      tokenId: token.id,
      expiresAt: token.expiresAt,
      threshold,
    };
    const planned = resolveDeliveries({
      token,
      workspace,
      settings: workspace.settings,
      ownerEmail: workspace.ownerEmail,
      tokenOwnerEmail: ownerEmailOf(ownerEmails, token),
      optedOut: workspace.optedOut,
      slackApp: workspace.slackApp,
      escalation: !window,
      ...(window
        ? { audiences: audiencesAt(alertPlan, threshold, lastAlert, token.expiresAt) }
        : {}),
    });
    const alerted: LastAlert = window
      ? { expiresAt: token.expiresAt, threshold }
      : { expiresAt: token.expiresAt, threshold, escalated: true };
    if (planned.length === 0 && !(await findAlertRecord(alert.alertId))) {
      // No one left to get it (every address stopped the workspace's alert emails): the window
      // passes without a record, which no message would ever settle.
      unaddressed += 1;
      const next = nextAlertAt({
        expiresAt: token.expiresAt,
        thresholds,
        lastAlert: alerted,
        now,
        escalationDelayHours,
      });
      await writeNextAlertAt(token, next ? next.toISOString() : null, alerted);
      return;
    }
    const { created, deliveries } = await createAlertRecord({
      ...alert,
      tokenName: token.name,
      deliveries: planned,
      now,
    });
    queued.push({
      alert,
      deliveries,
      row: digestRowFactsOf(alert, token, now),
      token,
      created,
      plan: workspace.plan,
      alerted,
    });
  }

  const plannedAt = performance.now();
  const messages = alertMessagesFor(queued);
  await ports.enqueue(messages);

  await forEachLimited(queued, CONCURRENCY, async (entry) => {
    try {
      await advance(entry);
    } catch (error) {
      // Enqueued but not advanced: due again, its alert id makes the worker send nothing twice.
      reportWorkspaceFailure('expiry-scan', entry.alert.workspaceId, error);
    }
  });

  async function advance({
    token,
    alert,
    created,
    plan,
    alerted,
  }: (typeof queued)[number]): Promise<void> {
    const settings = workspaces.get(alert.workspaceId)?.settings;
    const next = nextAlertAt({
      expiresAt: token.expiresAt,
      thresholds: settings ? tokenAlertPlan(settings, token, plan).thresholds : [],
      lastAlert: alerted,
      now,
      escalationDelayHours: settings
        ? escalationFor(settings, token.contact_group_id, plan)?.delayHours
        : null,
    });
    await writeNextAlertAt(token, next ? next.toISOString() : null, alerted);
    if (created) {
      await recordAlertEvent(
        {
          action: 'alert.queued',
          workspaceId: alert.workspaceId,
          plan,
          alertId: alert.alertId,
          tokenName: token.name,
          metadata: {
            threshold: alert.threshold,
            expiresAt: alert.expiresAt,
            ...(alerted.escalated ? { escalation: true } : {}),
          },
        },
        now,
      );
    }
  }

  const digests = messages.filter(isDigestMessage).length;
  const result = {
    due: due.length,
    queued: queued.length,
    escalated: queued.filter(({ alerted }) => alerted.escalated).length,
    digests,
    paused,
    rearmed,
    held: heldCount,
    unaddressed,
    heldByAction,
    removedAtSource,
    deferred,
  };
  // How the time divides between reading and planning, and enqueuing and advancing: the shares
  // domain/scan-time-budget.ts gives them.
  const timing = {
    planningMs: Math.round(plannedAt - startedAt),
    finishingMs: Math.round(performance.now() - plannedAt),
  };
  if (deferred > 0) {
    logger.warn('Expiry scan ran out of time: the tokens it did not plan wait for the next scan', {
      ...result,
      ...timing,
    });
  } else {
    logger.info('Expiry scan done', { ...result, ...timing });
  }
  return result;
}

/**
 * The scheduled Lambda: one scan at the time EventBridge fires, within the invocation's time. Its
 * AlertsQueued and AlertScanDeferred counts (0 too, so a stalled scan shows) are published when
 * the invocation ends.
 */
export const handler = middy(async (_event: ScheduledEvent, context: Context): Promise<void> => {
  const result = await runExpiryScan(new Date(), undefined, {
    timeLeftMs: () => context.getRemainingTimeInMillis(),
  });
  metrics.addMetric(METRIC_NAMES.alertsQueued, MetricUnit.Count, result.queued);
  metrics.addMetric(METRIC_NAMES.alertScanDeferred, MetricUnit.Count, result.deferred);
})
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .use(logMetrics(metrics));
