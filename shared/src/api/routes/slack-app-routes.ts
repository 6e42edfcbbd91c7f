/** The Slack app: "Add to Slack" per workspace, alerts in its channel, actions from its buttons: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import { alertStatsQuery, alertStatsResponse } from '../alert-queue-api-schemas';
import {
  slackInstallationSchema,
  slackInteractionResponse,
  slackOAuthCallbackQuery,
  startSlackInstallationResponse,
} from '../slack-app-api-schemas';
import { idParams, okResponse, redirectResponse } from '../common-schemas';

export const slackAppRoutes = {
  getSlackInstallation: {
    id: 'getSlackInstallation',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/slack-installation',
    auth: 'verifiedSession',
    summary:
      "The workspace's Slack app installation: its Slack workspace and channel, and whether it was revoked on Slack's side (alerts then fall back to email) (members).",
    request: { params: idParams },
    response: slackInstallationSchema,
  },
  startSlackInstallation: {
    id: 'startSlackInstallation',
    method: 'POST',
    path: '/api/v1/workspaces/{id}/slack-installation',
    auth: 'verifiedSession',
    summary:
      "Add to Slack: answers Slack's OAuth v2 authorize address, its state bound to the workspace and the admin who asked (10 minutes, once); Pro plans and above (admins).",
    request: { params: idParams },
    response: startSlackInstallationResponse,
  },
  deleteSlackInstallation: {
    id: 'deleteSlackInstallation',
    method: 'DELETE',
    path: '/api/v1/workspaces/{id}/slack-installation',
    auth: 'verifiedSession',
    summary:
      'Removes the Slack app installation and its bot token; alerts stop going to Slack (admins).',
    request: { params: idParams },
    response: okResponse,
  },
  slackOAuthCallback: {
    id: 'slackOAuthCallback',
    method: 'GET',
    path: '/api/slack/oauth/callback',
    auth: 'public',
    summary:
      "Slack's OAuth redirect: takes the state once (the same signed-in admin, within 10 minutes), exchanges the code with oauth.v2.access, stores the bot token sealed and the channel chosen in Slack, then redirects to the Alerts page.",
    request: { query: slackOAuthCallbackQuery },
    response: redirectResponse,
  },
  slackInteractions: {
    id: 'slackInteractions',
    method: 'POST',
    path: '/api/slack/interactions',
    auth: 'public',
    summary:
      "Slack's interaction requests (form-encoded `payload`): X-Slack-Signature checked over the raw body, timestamps older than 5 minutes and replays refused; a button of an alert message acknowledges, snoozes or records a renewal as the member whose verified Slack email it is, and the message is updated in place.",
    response: slackInteractionResponse,
  },
  getAlertStats: {
    id: 'getAlertStats',
    method: 'GET',
    path: '/api/alert-stats',
    auth: 'verifiedSession',
    summary: 'Alert counts by delivery state and deliveries this month.',
    request: { query: alertStatsQuery },
    response: alertStatsResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
