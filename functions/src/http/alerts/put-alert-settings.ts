import { randomUUID } from 'node:crypto';
import { ALERT_MESSAGES } from '@expiry-radar/shared/api/alert-api-schemas';
import { readAlertSettingsRecord, writeAlertSettings } from '../../data/alert-settings-records';
import { rearmWorkspaceAlerts } from '../../data/alert-arming';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  affectsAlertSchedule,
  planLimitViolation,
  settingsChangeMetadata,
  withGroupIds,
} from '../../domain/alert-settings-policy';
import { hasAlertChannel } from '../../domain/alert-schedule';
import { AppError, badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  requireNotFrozen,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { entityTagHeader, ifMatchOf, requireMatch } from '../pipeline/if-match';
import { recordWorkspaceEvent } from '../../services/workspaces/workspace-audit';
import { alertSettingsView } from '../../services/alerts/alert-settings-view';
import { requireAllowedWebhookUrls } from '../../services/alerts/webhook-url-checks';
import { invitationRoutes } from '@expiry-radar/shared/api/routes/invitation-routes';

export const ALERT_SETTINGS_CONFLICT_MESSAGE =
  'The alert settings were changed by someone else meanwhile. Reload them and try again.';
export const ALERT_SETTINGS_CHANGED_MESSAGE =
  'Someone else changed these alert settings after you opened them. Your changes were not saved.';

/**
 * `PUT /api/v1/workspaces/{id}/alert-settings`: admins and workspace managers, not while frozen,
 * within the plan, and within what one table item holds (400 with a message saying so). Changed
 * thresholds re-arm the workspace's tokens. With `If-Match` (shared/api/entity-tags) the write is
 * made only while the settings are still at that `updated_at` (412 otherwise); the answer's `ETag`
 * is the saved settings'.
 */
export const handler = createHttpHandler(
  invitationRoutes.putAlertSettings,
  async ({ params, body, session, now, event }) => {
    const { user } = requireSession(session);
    const ifMatch = ifMatchOf(event);
    const access = await loadWorkspaceAccess(params.id, user);
    requireEditor(access);
    requireNotFrozen(access);
    const current = await readAlertSettingsRecord(access.workspaceId);
    requireMatch(ifMatch, current.updatedAt, ALERT_SETTINGS_CHANGED_MESSAGE);
    const violation = planLimitViolation(access.plan, body, current.settings);
    if (violation) throw new AppError('PLAN_LIMIT', violation);
    requireAllowedWebhookUrls(body.webhook_urls);

    const changes = {
      email_alerts_enabled: body.email_alerts_enabled,
      webhook_urls: body.webhook_urls,
      contact_groups: withGroupIds(body.contact_groups, randomUUID),
      default_contact_group_id: body.default_contact_group_id,
      thresholds: body.thresholds,
      delivery_window: body.delivery_window,
      renewal_grace_days:
        body.renewal_grace_days === undefined
          ? (current.settings.renewal_grace_days ?? null)
          : body.renewal_grace_days,
    };
    // Conditioned on the revision just read, which the precondition matched.
    const result = await writeAlertSettings({
      workspaceId: access.workspaceId,
      changes,
      expectedRevision: current.revision,
      previousUpdatedAt: current.updatedAt,
      rotateSigningSecret: body.rotate_signing_secret,
      now,
    });
    if (!result.ok) {
      if (result.reason === 'too_large') throw badRequest(ALERT_MESSAGES.settingsTooLarge);
      if (result.reason === 'frozen') throw new AppError('WORKSPACE_FROZEN');
      throw ifMatch
        ? new AppError('PRECONDITION_FAILED', ALERT_SETTINGS_CHANGED_MESSAGE)
        : new AppError('CONFLICT', ALERT_SETTINGS_CONFLICT_MESSAGE);
    }
    // Channels matter too: a workspace without any has nothing to arm.
    if (
      affectsAlertSchedule(current.settings, changes) ||
      hasAlertChannel(current.settings) !== hasAlertChannel(changes)
    ) {
      await rearmWorkspaceAlerts(access.workspaceId, now);
    }
    const target = { type: 'workspace', id: access.workspaceId, name: access.name };
    await recordWorkspaceEvent({
      workspace: access,
      actor: user,
      action: AUDIT_ACTIONS.alertSettingsUpdated,
      target,
      metadata: settingsChangeMetadata(current.settings, changes),
      now,
    });
    if (body.rotate_signing_secret) {
      await recordWorkspaceEvent({
        workspace: access,
        actor: user,
        action: AUDIT_ACTIONS.webhookSigningSecretRotated,
        target,
        now,
      });
    }
    return {
      body: await alertSettingsView(result.record, access),
      headers: entityTagHeader(result.record.updatedAt),
    };
  },
);
