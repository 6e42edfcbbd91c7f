/**
 * The Slack app of a workspace ("Add to Slack", OAuth v2): its installation as the Alerts page
 * shows it (`GET /api/v1/workspaces/{id}/slack-installation`), the start of an installation
 * (`POST`, answers Slack's authorize address), its removal (`DELETE`), the OAuth redirect
 * (`GET /api/slack/oauth/callback`) and the words the page shows for each outcome of the
 * redirect (`?slack=<outcome>` on the Alerts page).
 */
import * as z from 'zod';

export const SLACK_INSTALLATION_STATUSES = ['active', 'revoked'] as const;
export type SlackInstallationStatus = (typeof SLACK_INSTALLATION_STATUSES)[number];

export const slackInstallationSchema = z.object({
  /** Whether this deployment has a Slack app configured (client id, secrets). */
  available: z.boolean(),
  /** Whether the workspace's plan includes the Slack app. */
  plan_allows: z.boolean(),
  installation: z
    .object({
      team_id: z.string(),
      team_name: z.string(),
      channel_id: z.string(),
      channel_name: z.string(),
      status: z.enum(SLACK_INSTALLATION_STATUSES),
      /** Why alerts fall back to email: Slack's error for the revoked installation. */
      revoked_reason: z.string().nullable(),
      revoked_at: z.string().nullable(),
      installed_by: z.string(),
      installed_at: z.string(),
    })
    .nullable(),
});
export type SlackInstallationView = z.infer<typeof slackInstallationSchema>;

export const startSlackInstallationResponse = z.object({
  /** Slack's authorize page; the browser goes there, then comes back to the OAuth redirect. */
  authorize_url: z.string(),
});

export const slackOAuthCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(256).optional(),
  /** Slack's error when the person cancelled (`access_denied`). */
  error: z.string().max(200).optional(),
});

export const SLACK_INSTALL_OUTCOMES = [
  'installed',
  'cancelled',
  'expired',
  'not_allowed',
  'failed',
] as const;
export type SlackInstallOutcome = (typeof SLACK_INSTALL_OUTCOMES)[number];

/** What the Alerts page says after Slack sent the person back. */
export const SLACK_INSTALL_OUTCOME_TEXT: Readonly<Record<SlackInstallOutcome, string>> = {
  installed: 'The Slack app is installed: alerts go to the channel you chose.',
  cancelled: 'The Slack installation was cancelled in Slack: nothing changed.',
  expired:
    'This Slack installation link expired or was already used: start again with "Add to Slack".',
  not_allowed:
    'Only the admin who started the installation can finish it, while the plan includes the Slack app.',
  failed: 'Slack did not complete the installation: try "Add to Slack" again.',
};

export const slackInteractionResponse = z.object({}).describe('Empty: Slack needs only the 200');
