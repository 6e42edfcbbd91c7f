/**
 * Who is alerted at which windows of a token. Its contact groups (the one it names, else the
 * workspace default, then the additional ones it lists) each alert at their own thresholds (the
 * group's, else the workspace's); with none, the workspace's owner and webhooks at the workspace's
 * thresholds. The token's schedule arms the union of those windows.
 *
 * A token that renews automatically gets no window before its grace point (the token's, else the
 * workspace's, else 14 days before expiry): at that point, still not renewed, one "renewal
 * overdue" alert goes to every audience, then each audience's thresholds below it as usual. A
 * renewal (a new expiry date) starts over, so a token that keeps renewing is never alerted.
 */
import { DEFAULT_RENEWAL_GRACE_DAYS } from '@expiry-radar/shared/domain/token-alert-fields';
import { PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { ContactGroup, WorkspaceAlertSettings } from './alert-channels';
import { contactGroupFor, type LastAlert } from './alert-schedule';

export type AudienceSettings = Pick<
  WorkspaceAlertSettings,
  'contact_groups' | 'default_contact_group_id' | 'thresholds' | 'renewal_grace_days'
>;

export type AudienceToken = Pick<
  Token,
  | 'contact_group_id'
  | 'additional_contact_group_ids'
  | 'renews_automatically'
  | 'renewal_grace_days'
>;

/** One audience of a token's alerts: a contact group (null: the workspace's owner and webhooks). */
export interface TokenAudience {
  readonly group: ContactGroup | null;
  /** Its windows for this token, days before expiry, largest first. */
  readonly thresholds: readonly number[];
}

export interface TokenAlertPlan {
  readonly audiences: readonly TokenAudience[];
  /** Every window of the token: the union of the audiences' and the renewal overdue one. */
  readonly thresholds: readonly number[];
  /** The window of the "renewal overdue" alert; null unless the token renews automatically. */
  readonly renewalOverdueThreshold: number | null;
}

/**
 * The contact groups of a token: its own (else the workspace default), then its additional ones
 * that still exist, each once; none on plans without contact groups.
 */
export function tokenContactGroups(
  settings: Pick<WorkspaceAlertSettings, 'contact_groups' | 'default_contact_group_id'>,
  token: Pick<Token, 'contact_group_id' | 'additional_contact_group_ids'>,
  plan: Plan,
): ContactGroup[] {
  if (!PLAN_LIMITS[plan].contactGroups) return [];
  const primary = contactGroupFor(settings, token.contact_group_id, plan);
  const groups = primary ? [primary] : [];
  for (const id of token.additional_contact_group_ids ?? []) {
    const group = settings.contact_groups.find((candidate) => candidate.id === id);
    if (group && !groups.includes(group)) groups.push(group);
  }
  return groups;
}

/** The grace point of a token that renews automatically: days before its expiry. */
export function renewalGraceDaysOf(
  settings: Pick<WorkspaceAlertSettings, 'renewal_grace_days'>,
  token: Pick<Token, 'renewal_grace_days'>,
): number {
  return token.renewal_grace_days ?? settings.renewal_grace_days ?? DEFAULT_RENEWAL_GRACE_DAYS;
}

const descending = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => b - a);

export function tokenAlertPlan(
  settings: AudienceSettings,
  token: AudienceToken,
  plan: Plan,
): TokenAlertPlan {
  const grace = token.renews_automatically ? renewalGraceDaysOf(settings, token) : null;
  const windowsOf = (thresholds: readonly number[]) =>
    descending(grace === null ? thresholds : thresholds.filter((threshold) => threshold < grace));
  const groups = tokenContactGroups(settings, token, plan);
  const audiences: TokenAudience[] =
    groups.length > 0
      ? groups.map((group) => ({
          group,
          thresholds: windowsOf(
            group.thresholds && group.thresholds.length > 0
              ? group.thresholds
              : settings.thresholds,
          ),
        }))
      : [{ group: null, thresholds: windowsOf(settings.thresholds) }];
  return {
    audiences,
    thresholds: descending([
      ...audiences.flatMap((audience) => audience.thresholds),
      ...(grace === null ? [] : [grace]),
    ]),
    renewalOverdueThreshold: grace,
  };
}

/**
 * The audiences that get the token's alert for the window `threshold`: each that has a window
 * opened since the last alert of the same expiry date (its own window, or one of its windows
 * missed meanwhile: like the token's, they collapse into this late one). The renewal overdue
 * alert goes to every audience.
 */
export function audiencesAt(
  alertPlan: TokenAlertPlan,
  threshold: number,
  lastAlert: LastAlert | null,
  expiresAt: string,
): TokenAudience[] {
  if (threshold === alertPlan.renewalOverdueThreshold) return [...alertPlan.audiences];
  const before =
    lastAlert && lastAlert.expiresAt === expiresAt ? lastAlert.threshold : Number.POSITIVE_INFINITY;
  return alertPlan.audiences.filter((audience) =>
    audience.thresholds.some((own) => own >= threshold && own < before),
  );
}
