import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { sendTestWebhook } from '../../adapters/webhook-sender';
import { newSigningSecret, readAlertSettings } from '../../data/alert-settings-records';
import { consumeRateLimit } from '../../data/rate-limiter';
import { WebhookDeliveryError, type WebhookFailureReason } from '../../domain/alert-channels';
import { TEST_WEBHOOK_RATE_LIMIT } from '../../domain/alert-settings-policy';
import { AppError } from '../../platform/app-error';
import { getConfig } from '../../platform/config';
import { createHttpHandler } from '../pipeline/create-http-handler';
import {
  loadWorkspaceAccess,
  requireEditor,
  type WorkspaceCaller,
} from '../../services/workspaces/workspace-access';
import { requireSession } from '../pipeline/require-session';
import { requireAllowedWebhookUrl } from '../../services/alerts/webhook-url-checks';
import { alertRoutes } from '@expiry-radar/shared/api/routes/alert-routes';

const FAILURE_CODES = {
  blocked: 'WEBHOOK_BLOCKED',
  unreachable: 'WEBHOOK_UNREACHABLE',
  timeout: 'WEBHOOK_TIMEOUT',
  rejected: 'WEBHOOK_REJECTED',
} as const satisfies Record<WebhookFailureReason, string>;

/** The workspace a test is sent for: its name and secret, or a one-off secret without one. */
async function testContext(workspaceId: string | undefined, caller: WorkspaceCaller) {
  const { appOrigin } = getConfig();
  if (workspaceId === undefined) {
    return {
      workspace: { id: '', name: 'Expiry Radar' },
      signingSecret: newSigningSecret(),
      dashboardUrl: `${appOrigin}/dashboard`,
    };
  }
  const access = await loadWorkspaceAccess(workspaceId, caller);
  requireEditor(access);
  const settings = await readAlertSettings(access.workspaceId);
  return {
    workspace: { id: access.workspaceId, name: access.name },
    signingSecret: settings.signing_secret,
    dashboardUrl: `${appOrigin}/dashboard?workspace=${encodeURIComponent(access.workspaceId)}`,
  };
}

/**
 * `POST /api/test-webhook`: sends a sample alert in the kind's format, through the SSRF guard;
 * rate limited per user. A generic test for a workspace is signed with that workspace's secret.
 */
export const handler = createHttpHandler(
  alertRoutes.testWebhook,
  async ({ body, session, now }) => {
    const { user } = requireSession(session);
    requireAllowedWebhookUrl(body.url, 'url');
    if (!(await consumeRateLimit(TEST_WEBHOOK_RATE_LIMIT, user.id, now))) {
      throw new AppError('RATE_LIMITED');
    }
    const context = await testContext(body.workspace_id, user);
    try {
      const { status } = await sendTestWebhook({
        channel: {
          name: 'Test',
          kind: body.kind,
          url: body.url,
          ...(body.routing_key ? { routing_key: body.routing_key } : {}),
          ...(body.severity ? { severity: body.severity } : {}),
        },
        ...context,
        now,
      });
      return { body: { ok: true as const, message: SUCCESS_MESSAGES.webhookTestSent, status } };
    } catch (error) {
      if (!(error instanceof WebhookDeliveryError)) throw error;
      throw new AppError(FAILURE_CODES[error.reason], `Webhook test failed: ${error.message}.`);
    }
  },
);
