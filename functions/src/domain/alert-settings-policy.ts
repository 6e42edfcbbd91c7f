/**
 * What a workspace's plan allows in its alert settings (contact groups, number of webhooks:
 * PLAN_LIMITS in shared/src/domain/plans.ts), and what a change means for the alert schedule and
 * the audit trail. Pure.
 */
import type { AlertSettingsUpdate } from '@expiry-radar/shared/api/alert-api-schemas';
import {
  formatLimit,
  isWithinLimit,
  PLAN_LABELS,
  PLAN_LIMITS,
  type Plan,
} from '@expiry-radar/shared/domain/plans';
import type { RateLimitRule } from './account-policy';
import type { ContactGroup, WorkspaceAlertSettings } from './alert-channels';

/** `POST /api/test-webhook`, per user: each call makes a request to a URL the user chose. */
export const TEST_WEBHOOK_RATE_LIMIT: RateLimitRule = {
  name: 'test-webhook-user',
  limit: 10,
  windowSeconds: 10 * 60,
};

export const CONTACT_GROUPS_PLAN_MESSAGE =
  'Contact groups need a Pro or Team workspace. Upgrade to Pro or Team to use them.';

export function webhookLimitMessage(plan: Plan): string {
  const limit = PLAN_LIMITS[plan].webhooksPerWorkspace;
  const noun = limit === 1 ? 'webhook' : 'webhooks';
  return `A workspace on the ${PLAN_LABELS[plan]} plan can have ${formatLimit(limit)} ${noun}. Upgrade the plan to add more webhooks.`;
}

/** The parts of alert settings a plan limits, as sent or as stored. */
interface PlanBoundSettings {
  readonly webhook_urls: readonly unknown[];
  readonly contact_groups: readonly (Omit<ContactGroup, 'id'> & { readonly id?: string })[];
  readonly default_contact_group_id: string | null;
}

function groupsSignature(settings: PlanBoundSettings): string {
  const groups = settings.contact_groups.map(
    ({ id, name, emails, webhook_names, thresholds, escalation }) => ({
      id: id ?? null,
      name,
      emails,
      webhook_names,
      thresholds: thresholds ?? null,
      escalation: escalation ?? null,
    }),
  );
  return JSON.stringify({ groups, defaultGroup: settings.default_contact_group_id });
}

/**
 * The PLAN_LIMIT message a settings update breaks, if any. Settings kept from a higher plan
 * (after a downgrade) may be saved unchanged: they stay, unused, until an upgrade. Only adding
 * beyond what the plan allows is refused, so nothing is lost and the rest stays editable.
 */
export function planLimitViolation(
  plan: Plan,
  update: PlanBoundSettings,
  stored: PlanBoundSettings,
): string | undefined {
  const limits = PLAN_LIMITS[plan];
  const usesGroups = update.contact_groups.length > 0 || update.default_contact_group_id !== null;
  const groupsUnchanged = groupsSignature(update) === groupsSignature(stored);
  if (usesGroups && !limits.contactGroups && !groupsUnchanged) return CONTACT_GROUPS_PLAN_MESSAGE;
  const webhooks = update.webhook_urls.length;
  if (
    !isWithinLimit(limits.webhooksPerWorkspace, webhooks) &&
    webhooks > stored.webhook_urls.length
  ) {
    return webhookLimitMessage(plan);
  }
  return undefined;
}

/** Contact groups as stored: new ones get an id from `newId`. */
export function withGroupIds(
  groups: AlertSettingsUpdate['contact_groups'],
  newId: () => string,
): ContactGroup[] {
  return groups.map(({ id, name, emails, webhook_names, thresholds, escalation }) => ({
    id: id ?? newId(),
    name,
    emails,
    webhook_names,
    ...(thresholds ? { thresholds } : {}),
    ...(escalation ? { escalation } : {}),
  }));
}

type ScheduleInputs = Pick<
  WorkspaceAlertSettings,
  'thresholds' | 'contact_groups' | 'default_contact_group_id' | 'renewal_grace_days'
>;

function scheduleKey(settings: ScheduleInputs): string {
  return JSON.stringify({
    thresholds: settings.thresholds,
    defaultGroup: settings.default_contact_group_id,
    renewalGrace: settings.renewal_grace_days ?? null,
    groups: settings.contact_groups
      .map((group) => [group.id, group.thresholds ?? null, group.escalation ?? null] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  });
}

/**
 * Whether tokens' next alert instants may move: the thresholds (and the escalation) that apply to
 * a token come from the workspace, its contact group or the default group, so any of these
 * changing counts.
 */
export function affectsAlertSchedule(before: ScheduleInputs, after: ScheduleInputs): boolean {
  return scheduleKey(before) !== scheduleKey(after);
}

type AuditedSettings = Omit<WorkspaceAlertSettings, 'workspaceId' | 'signing_secret'>;

/**
 * The audit metadata of a change: which parts changed and the channel names, never URLs or
 * routing keys (they are credentials).
 */
export function settingsChangeMetadata(
  before: AuditedSettings,
  after: AuditedSettings,
): Record<string, unknown> {
  const parts: Array<keyof AuditedSettings> = [
    'email_alerts_enabled',
    'webhook_urls',
    'contact_groups',
    'default_contact_group_id',
    'thresholds',
    'delivery_window',
    'renewal_grace_days',
  ];
  const changed = parts.filter(
    (part) => JSON.stringify(before[part] ?? null) !== JSON.stringify(after[part] ?? null),
  );
  return {
    changed,
    email_alerts_enabled: after.email_alerts_enabled,
    webhooks: after.webhook_urls.map(({ name, kind }) => ({ name, kind })),
    contact_groups: after.contact_groups.map(({ id, name }) => ({ id, name })),
    thresholds: after.thresholds,
  };
}
