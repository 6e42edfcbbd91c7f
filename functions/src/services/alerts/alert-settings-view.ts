import type { AlertSettings } from '@expiry-radar/shared/api/alert-api-schemas';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { DEFAULT_RENEWAL_GRACE_DAYS } from '@expiry-radar/shared/domain/token-alert-fields';
import type { AlertSettingsRecord } from '../../data/alert-settings-records';
import { findEmailSuppressions } from '../../data/email-suppressions';
import { findUserById } from '../../data/user-records';
import type { WebhookChannel } from '../../domain/alert-channels';
import type { WorkspaceAccess } from '../workspaces/workspace-access';

/** A webhook URL is a credential (anyone holding a Slack URL can post): viewers see the origin. */
function maskedWebhook(webhook: WebhookChannel): AlertSettings['webhook_urls'][number] {
  return { name: webhook.name, kind: webhook.kind, url: `${new URL(webhook.url).origin}/…` };
}

/**
 * The answer of both alert-settings routes. Admins and workspace managers also get the full URLs,
 * routing keys and the signing secret.
 */
export async function alertSettingsView(
  record: AlertSettingsRecord,
  access: WorkspaceAccess,
): Promise<AlertSettings> {
  const { settings } = record;
  const editor = isEditorRole(access.role);
  const admin = await findUserById(access.ownerId);
  const limits = PLAN_LIMITS[access.plan];
  const recipients = [
    ...settings.contact_groups.flatMap((group) => group.emails),
    ...(admin ? [admin.email] : []),
  ];
  const suppressed = await findEmailSuppressions(recipients);
  return {
    email_alerts_enabled: settings.email_alerts_enabled,
    webhook_urls: settings.webhook_urls.map((webhook) =>
      editor ? { ...webhook } : maskedWebhook(webhook),
    ),
    contact_groups: settings.contact_groups.map((group) => ({
      id: group.id,
      name: group.name,
      emails: [...group.emails],
      webhook_names: [...group.webhook_names],
      ...(group.thresholds ? { thresholds: [...group.thresholds] } : {}),
      escalation: group.escalation ? { ...group.escalation } : null,
    })),
    default_contact_group_id: settings.default_contact_group_id,
    thresholds: [...settings.thresholds],
    delivery_window: settings.delivery_window
      ? { ...settings.delivery_window, days: [...settings.delivery_window.days] }
      : null,
    renewal_grace_days: settings.renewal_grace_days ?? DEFAULT_RENEWAL_GRACE_DAYS,
    admin_email: admin?.email ?? null,
    bounced_addresses: [...suppressed.values()]
      .sort((a, b) => a.address.localeCompare(b.address))
      .map(({ address, reason, reportedAt }) => ({ address, reason, reported_at: reportedAt })),
    limits: { contact_groups: limits.contactGroups, webhooks: limits.webhooksPerWorkspace },
    ...(editor ? { webhook_signing_secret: settings.signing_secret } : {}),
    updated_at: record.updatedAt,
  };
}
