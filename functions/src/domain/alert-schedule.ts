/**
 * When a token's alerts go out; the scan reads only the tokens due. Each threshold of
 * days before expiry opens a window at 00:00 UTC of the day that many days before the expiry
 * day. A token carries `nextAlertAt`, the opening of the window it must be alerted for next, and
 * the last window it was alerted for (expiry date + threshold), so that:
 * - an edit that keeps the expiry date never alerts a window twice;
 * - a renewal (new expiry date) starts over with the windows of the new date;
 * - windows missed during an outage collapse into one: only the latest opened window fires, late.
 *
 * Escalation: when the token's contact group names an escalation group, the token is due once
 * more after its last window (the one with the fewest days) plus the group's delay in hours; the
 * scan then alerts the escalation group and marks the last alert escalated, so it never fires
 * twice for that expiry date. A renewal (new date) starts over, escalation included.
 */
import { parseDate, utcDayNumber } from '@expiry-radar/shared/domain/calendar-date';
import { MAX_ALERT_THRESHOLD_DAYS } from '@expiry-radar/shared/domain/alerts';
import { endpointProblemText, isEndpointProblem } from '@expiry-radar/shared/domain/endpoints';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import type { ContactGroup, WorkspaceAlertSettings } from './alert-channels';

const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000;

export interface AlertWindow {
  /** Days before expiry. */
  readonly threshold: number;
  readonly opensAt: Date;
}

/** The window a token was last alerted for. */
export interface LastAlert {
  readonly expiresAt: string;
  readonly threshold: number;
  /** Its escalation was sent too (only after the last window of the expiry date). */
  readonly escalated?: boolean;
}

/** The alert windows of an expiry date, earliest first (largest threshold first). */
export function alertWindows(expiresAt: string, thresholds: readonly number[]): AlertWindow[] {
  const expiry = parseDate(expiresAt);
  if (!expiry) return [];
  const expiryDay = utcDayNumber(expiry);
  return [...new Set(thresholds)]
    .filter((threshold) => Number.isInteger(threshold) && threshold >= 0)
    .sort((a, b) => b - a)
    .map((threshold) => ({ threshold, opensAt: new Date((expiryDay - threshold) * MS_PER_DAY) }));
}

/** Windows not yet alerted: all of them after a renewal, else those after the last one alerted. */
function pendingWindows(
  expiresAt: string,
  thresholds: readonly number[],
  lastAlert: LastAlert | null,
): AlertWindow[] {
  const windows = alertWindows(expiresAt, thresholds);
  if (!lastAlert || lastAlert.expiresAt !== expiresAt) return windows;
  return windows.filter((window) => window.threshold < lastAlert.threshold);
}

/**
 * The window to alert now: the latest pending window that has opened. Earlier opened windows
 * are skipped (they were missed; one late alert says the same, with the current days left).
 */
export function dueWindow(options: {
  expiresAt: string;
  thresholds: readonly number[];
  lastAlert: LastAlert | null;
  now: Date;
}): AlertWindow | null {
  const opened = pendingWindows(options.expiresAt, options.thresholds, options.lastAlert).filter(
    (window) => window.opensAt.getTime() <= options.now.getTime(),
  );
  return opened[opened.length - 1] ?? null;
}

/**
 * When the token's escalation is due: its last alert window's opening plus the delay, once every
 * window of its expiry date was alerted; null when a window is still pending, when it was
 * escalated already or when no delay applies.
 */
export function escalationDueAt(options: {
  expiresAt: string;
  thresholds: readonly number[];
  lastAlert: LastAlert | null;
  delayHours: number | null;
}): Date | null {
  const { expiresAt, lastAlert, delayHours } = options;
  if (delayHours === null || !lastAlert || lastAlert.expiresAt !== expiresAt) return null;
  if (lastAlert.escalated || pendingWindows(expiresAt, options.thresholds, lastAlert).length > 0) {
    return null;
  }
  const [lastWindow] = alertWindows(expiresAt, [lastAlert.threshold]);
  return lastWindow ? new Date(lastWindow.opensAt.getTime() + delayHours * MS_PER_HOUR) : null;
}

/**
 * The instant the token's next alert is due: now-or-earlier when an opened window is pending
 * (the next scan sends it), else the opening of the next window, else its escalation (with a
 * delay, `escalationDelayHours`); null when nothing is left.
 */
export function nextAlertAt(options: {
  expiresAt: string;
  thresholds: readonly number[];
  lastAlert: LastAlert | null;
  now: Date;
  /** The delay of the escalation that applies to the token; null or absent: none. */
  escalationDelayHours?: number | null;
}): Date | null {
  const due = dueWindow(options);
  if (due) return due.opensAt;
  const upcoming = pendingWindows(options.expiresAt, options.thresholds, options.lastAlert);
  if (upcoming[0]) return upcoming[0].opensAt;
  return escalationDueAt({ ...options, delayHours: options.escalationDelayHours ?? null });
}

/**
 * The contact group that applies to a token: its own, else the workspace default; none on plans
 * without contact groups, or when the group named no longer exists.
 */
export function contactGroupFor(
  settings: Pick<WorkspaceAlertSettings, 'contact_groups' | 'default_contact_group_id'>,
  contactGroupId: string | null,
  plan: Plan,
): ContactGroup | null {
  if (!PLAN_LIMITS[plan].contactGroups) return null;
  const groupId = contactGroupId ?? settings.default_contact_group_id;
  if (!groupId) return null;
  return settings.contact_groups.find((group) => group.id === groupId) ?? null;
}

/** The thresholds of a token: its contact group's when it has its own, else the workspace's. */
export function thresholdsFor(
  settings: Pick<
    WorkspaceAlertSettings,
    'contact_groups' | 'default_contact_group_id' | 'thresholds'
  >,
  contactGroupId: string | null,
  plan: Plan,
): readonly number[] {
  const group = contactGroupFor(settings, contactGroupId, plan);
  return group?.thresholds && group.thresholds.length > 0 ? group.thresholds : settings.thresholds;
}

/** A token's escalation: from its contact group to the group it names, after a delay. */
export interface TokenEscalation {
  readonly from: ContactGroup;
  readonly to: ContactGroup;
  readonly delayHours: number;
}

/**
 * The escalation that applies to a token: the one its contact group (its own, else the default)
 * names, when that group still exists and is another group; none on plans without contact groups.
 */
export function escalationFor(
  settings: Pick<WorkspaceAlertSettings, 'contact_groups' | 'default_contact_group_id'>,
  contactGroupId: string | null,
  plan: Plan,
): TokenEscalation | null {
  const from = contactGroupFor(settings, contactGroupId, plan);
  const escalation = from?.escalation;
  if (!from || !escalation || escalation.group_id === from.id) return null;
  const to = settings.contact_groups.find((group) => group.id === escalation.group_id);
  return to ? { from, to, delayHours: escalation.delay_hours } : null;
}

/** Whether a workspace has any channel: email alerts on, or at least one webhook. */
export function hasAlertChannel(
  settings: Pick<WorkspaceAlertSettings, 'email_alerts_enabled' | 'webhook_urls'>,
): boolean {
  return settings.email_alerts_enabled || settings.webhook_urls.length > 0;
}

/** How many partitions the sparse due-alerts index spreads its writes over. */
export const DUE_SHARD_COUNT = 4;

/** A token's shard of the due-alerts index: a stable hash of its id. */
export function dueShardOf(tokenId: string): string {
  let hash = 0;
  for (let index = 0; index < tokenId.length; index += 1) {
    hash = (hash * 31 + tokenId.charCodeAt(index)) >>> 0;
  }
  return String(hash % DUE_SHARD_COUNT);
}

export const ALL_DUE_SHARDS: readonly string[] = Array.from({ length: DUE_SHARD_COUNT }, (_, i) =>
  String(i),
);

/**
 * The idempotency key of one alert: token id + expiry date + window. A renewed token gets new
 * keys; a retried or duplicated message keeps its key, so nothing is sent twice.
 */
export function alertIdOf(tokenId: string, expiresAt: string, threshold: number): string {
  return `${tokenId}~${expiresAt}~${threshold}`;
}

const ESCALATION_SUFFIX = 'escalation';

/**
 * The idempotency key of a token's escalation: the key of its last window's alert, marked. One
 * per expiry date, so it is recorded (and sent) once.
 */
export function escalationAlertIdOf(tokenId: string, expiresAt: string, threshold: number): string {
  return `${alertIdOf(tokenId, expiresAt, threshold)}~${ESCALATION_SUFFIX}`;
}

const RENEWAL_OVERDUE_SUFFIX = 'renewal-overdue';

/**
 * The idempotency key of a token's "renewal overdue" alert (it renews automatically and was not
 * renewed by its grace point): the key of its grace point's window, marked. One per expiry date.
 */
export function renewalOverdueAlertIdOf(
  tokenId: string,
  expiresAt: string,
  threshold: number,
): string {
  return `${alertIdOf(tokenId, expiresAt, threshold)}~${RENEWAL_OVERDUE_SUFFIX}`;
}

/** Whether an alert id names a "renewal overdue" alert (`renewalOverdueAlertIdOf`). */
export function isRenewalOverdueAlertId(alertId: string): boolean {
  return parseAlertId(alertId)?.renewalOverdue ?? false;
}

const ENDPOINT_PROBLEM_MARK = 'endpoint@';

/**
 * The idempotency key of an endpoint problem: the token's current expiry, window 0, then the
 * problem, when it was first seen (epoch seconds) and the endpoint (`host:port[/sni]`, which holds
 * no `~` or `@`). The same problem seen again is the same alert; once fixed and back, a new one.
 */
export function endpointProblemAlertIdOf(options: {
  tokenId: string;
  expiresAt: string;
  problem: string;
  since: string;
  endpointKey: string;
}): string {
  const seconds = Math.floor(new Date(options.since).getTime() / 1000);
  return `${alertIdOf(options.tokenId, options.expiresAt, 0)}~${ENDPOINT_PROBLEM_MARK}${options.problem}@${seconds}@${options.endpointKey}`;
}

export interface ParsedAlertId {
  tokenId: string;
  expiresAt: string;
  threshold: number;
  escalation: boolean;
  /** A "renewal overdue" alert (`renewalOverdueAlertIdOf`). */
  renewalOverdue?: boolean;
  /** Set for an endpoint problem's alert (`endpointProblemAlertIdOf`). */
  endpointProblem?: { problem: string; endpointKey: string };
}

function endpointProblemOf(suffix: string | undefined): ParsedAlertId['endpointProblem'] {
  if (!suffix?.startsWith(ENDPOINT_PROBLEM_MARK)) return undefined;
  const [problem, seconds, endpointKey] = suffix.slice(ENDPOINT_PROBLEM_MARK.length).split('@');
  if (!problem || !seconds || !/^\d+$/.test(seconds) || !endpointKey) return undefined;
  return { problem, endpointKey };
}

/**
 * What an endpoint problem's alert is about ("api.example.com:443: …", the words of
 * `endpointProblemText`); null for an expiry alert or an escalation.
 */
export function endpointProblemTextOfAlert(alertId: string): string | null {
  const problem = parseAlertId(alertId)?.endpointProblem;
  if (!problem || !isEndpointProblem(problem.problem)) return null;
  return endpointProblemText(problem.endpointKey, problem.problem);
}

export function parseAlertId(alertId: string): ParsedAlertId | null {
  const parts = alertId.split('~');
  const escalation = parts.length === 4 && parts[3] === ESCALATION_SUFFIX;
  const endpointProblem = parts.length === 4 ? endpointProblemOf(parts[3]) : undefined;
  const renewalOverdue = parts.length === 4 && parts[3] === RENEWAL_OVERDUE_SUFFIX;
  if (parts.length !== 3 && !escalation && !endpointProblem && !renewalOverdue) return null;
  const [tokenId, expiresAt, thresholdText] = parts as [string, string, string];
  const threshold = Number(thresholdText);
  // Only thresholds a workspace can set: a huge one would open its window before any date.
  if (
    !tokenId ||
    !parseDate(expiresAt) ||
    !Number.isInteger(threshold) ||
    threshold < 0 ||
    threshold > MAX_ALERT_THRESHOLD_DAYS
  ) {
    return null;
  }
  return {
    tokenId,
    expiresAt,
    threshold,
    escalation,
    ...(renewalOverdue ? { renewalOverdue } : {}),
    ...(endpointProblem ? { endpointProblem } : {}),
  };
}

/** Whether an alert id names an escalation (`escalationAlertIdOf`). */
export function isEscalationAlertId(alertId: string): boolean {
  return parseAlertId(alertId)?.escalation ?? false;
}

/** Whole UTC calendar days from `now` to the expiry day; negative once expired. */
/**
 * A token its source no longer has ("removed at source": an integration's sync or a scan of the
 * command-line tool no longer found it) is not alerted: what no longer exists expires on nobody.
 * Found again, it loses the mark, and its write arms it as any other.
 */
export function isRemovedAtSource(token: {
  readonly source?: { readonly removed_at: string | null } | undefined;
}): boolean {
  return Boolean(token.source?.removed_at);
}

export function daysLeft(expiresAt: string, now: Date): number {
  const expiry = parseDate(expiresAt);
  return expiry ? utcDayNumber(expiry) - utcDayNumber(now) : 0;
}
