/** Alerts: this area's routes of the route table (route-table.ts), keyed by id. */
import type { RouteDefinition } from '../route-definition';
import { testWebhookBody, testWebhookResponse } from '../alert-api-schemas';
import {
  alertActionLinkQuery,
  alertActionLinkResponse,
  alertActionOutcomeResponse,
  setTokenAlertActionBody,
  takeAlertActionBody,
  tokenAlertActionResponse,
} from '../alert-action-api-schemas';
import {
  pagerDutyBackChannelBody,
  pagerDutyBackChannelResponse,
  pagerDutyWebhookResponse,
} from '../pagerduty-back-channel-api-schemas';
import {
  listAlertQueueQuery,
  listAlertQueueResponse,
  requeueAlertsBody,
  requeueAlertsResponse,
  retryAlertBody,
  alertEmailLinkQuery,
  alertEmailSubscriptionResponse,
} from '../alert-queue-api-schemas';
import { idParams, okResponse } from '../common-schemas';

export const alertRoutes = {
  testWebhook: {
    id: 'testWebhook',
    method: 'POST',
    path: '/api/test-webhook',
    auth: 'verifiedSession',
    summary: 'Sends a test message to a webhook. Rate limited.',
    request: { body: testWebhookBody },
    response: testWebhookResponse,
  },
  requeueAlerts: {
    id: 'requeueAlerts',
    method: 'POST',
    path: '/api/alert-queue/requeue',
    auth: 'verifiedSession',
    summary: 'Moves failed alerts (dead-letter queue) back to the alert queue.',
    request: { body: requeueAlertsBody },
    response: requeueAlertsResponse,
  },
  listAlertQueue: {
    id: 'listAlertQueue',
    method: 'GET',
    path: '/api/alert-queue',
    auth: 'verifiedSession',
    summary: 'Alerts with their per-channel delivery state.',
    request: { query: listAlertQueueQuery },
    response: listAlertQueueResponse,
  },
  retryAlert: {
    id: 'retryAlert',
    method: 'POST',
    path: '/api/alert-queue/{id}/retry',
    auth: 'verifiedSession',
    summary: "Queues one alert's failed channel (or one email recipient, email:<address>) again.",
    request: { params: idParams, body: retryAlertBody },
    response: okResponse,
  },
  unsubscribeAlertEmails: {
    id: 'unsubscribeAlertEmails',
    method: 'POST',
    path: '/api/alert-emails/unsubscribe',
    auth: 'public',
    summary:
      "Stops (resume=true: resumes) the alert emails of a signed link's workspaces to its address; one click (RFC 8058): no CSRF, the form body List-Unsubscribe=One-Click accepted.",
    request: { query: alertEmailLinkQuery },
    response: alertEmailSubscriptionResponse,
  },
  getAlertActionLink: {
    id: 'getAlertActionLink',
    method: 'GET',
    path: '/api/alert-actions',
    auth: 'public',
    summary:
      'What a signed action link of an alert (acknowledge, snooze, renewed) would do, for its confirmation page; changes nothing.',
    request: { query: alertActionLinkQuery },
    response: alertActionLinkResponse,
  },
  takeAlertAction: {
    id: 'takeAlertAction',
    method: 'POST',
    path: '/api/alert-actions',
    auth: 'public',
    summary:
      "Does what a signed action link of an alert says (the confirmation page's button): acknowledges, snoozes until a date, or records a renewal (a monitored certificate's endpoint is checked instead). Each link works once, for 14 days.",
    request: { query: alertActionLinkQuery, body: takeAlertActionBody },
    response: alertActionOutcomeResponse,
  },
  getPagerDutyBackChannel: {
    id: 'getPagerDutyBackChannel',
    method: 'GET',
    path: '/api/v1/workspaces/{id}/pagerduty-back-channel',
    auth: 'verifiedSession',
    summary:
      "The address to give PagerDuty as a V3 webhook subscription's URL, and which PagerDuty webhooks have its signing secret stored (editors).",
    request: { params: idParams },
    response: pagerDutyBackChannelResponse,
  },
  putPagerDutyBackChannel: {
    id: 'putPagerDutyBackChannel',
    method: 'PUT',
    path: '/api/v1/workspaces/{id}/pagerduty-back-channel',
    auth: 'verifiedSession',
    summary:
      "Stores a PagerDuty webhook's V3 subscription signing secret sealed (never answered), or removes it with null (editors).",
    request: { params: idParams, body: pagerDutyBackChannelBody },
    response: pagerDutyBackChannelResponse,
  },
  receivePagerDutyWebhook: {
    id: 'receivePagerDutyWebhook',
    method: 'POST',
    path: '/api/pagerduty/webhooks/{id}',
    auth: 'public',
    summary:
      "PagerDuty V3 webhook events of a workspace's PagerDuty alerts (raw body, X-PagerDuty-Signature checked, no CSRF): incident.acknowledged acknowledges the alert's expiry, incident.resolved checks a monitored certificate's endpoints or else acknowledges; other events and incidents are answered 202 and change nothing.",
    request: { params: idParams },
    response: pagerDutyWebhookResponse,
    successStatus: 202,
  },
  getTokenAlertAction: {
    id: 'getTokenAlertAction',
    method: 'GET',
    path: '/api/tokens/{id}/alert-action',
    auth: 'verifiedSession',
    summary: "The token's alert action (acknowledged, snoozed, renewed) for its current expiry.",
    request: { params: idParams },
    response: tokenAlertActionResponse,
  },
  setTokenAlertAction: {
    id: 'setTokenAlertAction',
    method: 'PUT',
    path: '/api/tokens/{id}/alert-action',
    auth: 'verifiedSession',
    summary:
      "Acknowledges the token's alerts for its current expiry, snoozes them until a date (never past the expiry), or clears that (editors).",
    request: { params: idParams, body: setTokenAlertActionBody },
    response: tokenAlertActionResponse,
  },
} as const satisfies Readonly<Record<string, RouteDefinition>>;
