/**
 * Posting an alert with the workspace's Slack app (the alert worker's `SlackAppSender`): the
 * bot token opened from its seal, the alert's Block Kit message with its actions posted to the
 * channel chosen at installation (`chat.postMessage`). When Slack answers that the installation
 * no longer works (`token_revoked`, `account_inactive`, `invalid_auth`), the installation is
 * marked revoked and audited once, and the worker sends the alert by email instead; the Alerts
 * page says why until an admin installs the app again or removes it.
 */
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { postSlackMessage, SlackApiError } from '../../adapters/slack-web-api';
import { AUDIT_ACTIONS, recordAuditEvent, SYSTEM_ACTOR } from '../../data/audit-events';
import type { SlackInstallation } from '../../data/entities/slack-installation';
import { findSlackInstallation, markSlackInstallationRevoked } from '../../data/slack-app-records';
import type { SlackAppSender } from '../../domain/alert-delivery-model';
import { slackAlertMessage } from '../../domain/slack-alert-message';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import { isMonitored } from '../alerts/alert-actions';
import { botTokenContext } from './slack-installation';

/** The installation's bot token, opened from its seal. */
export function openBotToken(installation: SlackInstallation): Promise<string> {
  return getCredentialSealer().open(
    installation.sealedBotToken,
    botTokenContext(installation.workspaceId),
  );
}

/**
 * Marks the installation revoked after Slack's answer (once, audited); true when Slack's error
 * means that, false for any other error (the caller retries or reports it).
 */
export async function revokeOnSlackAnswer(
  installation: SlackInstallation,
  error: unknown,
  plan: Plan,
  now: Date,
): Promise<boolean> {
  if (!(error instanceof SlackApiError) || !error.revoked) return false;
  if (await markSlackInstallationRevoked(installation, error.code, now)) {
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId: installation.workspaceId },
      action: AUDIT_ACTIONS.slackAppRevoked,
      actor: SYSTEM_ACTOR,
      target: { type: 'slack_app', id: installation.teamId, name: installation.teamName },
      plan,
      metadata: { reason: error.code, channel: installation.channelName },
      now,
    });
  }
  return true;
}

export const sendSlackAppAlert: SlackAppSender = async ({ workspaceId, plan, notice, token }) => {
  const installation = await findSlackInstallation(workspaceId);
  if (!installation) return { kind: 'not_installed' };
  if (installation.status === 'revoked') {
    return { kind: 'revoked', reason: installation.revokedReason ?? 'token_revoked' };
  }
  const botToken = await openBotToken(installation);
  try {
    await postSlackMessage(botToken, {
      channel: installation.channelId,
      ...slackAlertMessage(notice, isMonitored(token)),
    });
    return { kind: 'sent' };
  } catch (error) {
    if (await revokeOnSlackAnswer(installation, error, plan, new Date())) {
      return { kind: 'revoked', reason: (error as SlackApiError).code };
    }
    throw error;
  }
};
