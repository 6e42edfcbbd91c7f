/**
 * Sends webhooks (the `WebhookSender` port of domain/alert-channels) with node:http(s): through
 * the SSRF guard, with one deadline for the whole exchange, no redirects followed and the answer's
 * body left unread (only its status matters).
 */
import http from 'node:http';
import https from 'node:https';
import { couldNotConnect } from './connection-failure';
import {
  WebhookDeliveryError,
  type WebhookChannel,
  type WebhookResult,
  type WebhookSender,
} from '../domain/alert-channels';
import {
  testNotice,
  webhookRequest,
  type WebhookMessage,
  type WebhookRequest,
} from '../domain/webhook-formats';
import {
  BlockedAddressError,
  checkWebhookUrl,
  guardedLookup,
  systemResolver,
  webhookTargetPolicy,
  type Resolver,
  type WebhookTargetPolicy,
} from './ssrf-guard';

export const WEBHOOK_TIMEOUT_MS = 5_000;

export interface WebhookTransportOptions {
  readonly policy?: WebhookTargetPolicy;
  readonly resolver?: Resolver;
  readonly timeoutMs?: number;
}

function deliveryError(error: unknown, host: string): WebhookDeliveryError {
  if (error instanceof WebhookDeliveryError) return error;
  if (error instanceof BlockedAddressError) {
    return new WebhookDeliveryError(
      'blocked',
      `${host} resolves to a private, local or reserved network address`,
    );
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new WebhookDeliveryError('unreachable', `The host ${host} could not be found`);
  }
  return new WebhookDeliveryError('unreachable', couldNotConnect(host, error));
}

/** POSTs one prepared request; resolves on 2xx, else rejects with a `WebhookDeliveryError`. */
export function postWebhook(
  request: WebhookRequest,
  options: WebhookTransportOptions = {},
): Promise<WebhookResult> {
  const policy = options.policy ?? webhookTargetPolicy();
  const check = checkWebhookUrl(request.url, policy);
  if (!check.ok) {
    return Promise.reject(new WebhookDeliveryError('blocked', check.message));
  }
  const { url } = check;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const transport = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(request.body, 'utf8');

  return new Promise<WebhookResult>((resolve, reject) => {
    let settled = false;
    const outgoing = transport.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'Content-Length': String(body.length) },
      lookup: guardedLookup(policy, options.resolver ?? systemResolver),
      // A fresh connection per webhook: nothing pooled across receivers or workspaces.
      agent: false,
    });
    const deadline = setTimeout(() => {
      finish(() =>
        reject(
          new WebhookDeliveryError(
            'timeout',
            couldNotConnect(url.host, new Error(`no answer within ${timeoutMs} ms`)),
          ),
        ),
      );
      outgoing.destroy();
    }, timeoutMs);
    function finish(outcome: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    }
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0;
      // The body is never read: close the connection once the status is known.
      response.destroy();
      outgoing.destroy();
      finish(() => {
        if (status >= 200 && status < 300) resolve({ status });
        else
          reject(
            new WebhookDeliveryError(
              'rejected',
              status >= 300 && status < 400
                ? `${url.host} answered with a redirect (${status}); webhooks do not follow redirects`
                : `${url.host} answered with status ${status}`,
              status,
            ),
          );
      });
    });
    outgoing.on('error', (error) => finish(() => reject(deliveryError(error, url.host))));
    outgoing.end(body);
  });
}

/** Sends an alert to a webhook in its kind's format, signed when generic. */
export function createWebhookSender(
  options: WebhookTransportOptions & { readonly clock?: () => Date } = {},
): WebhookSender {
  return ({ channel, signingSecret, notice }) =>
    postWebhook(
      webhookRequest({
        channel,
        message: { notice },
        signingSecret,
        now: options.clock?.() ?? new Date(),
      }),
      options,
    );
}

export const sendWebhook: WebhookSender = createWebhookSender();

/** The alert settings page's "Send test": a sample alert marked as a test. */
export function sendTestWebhook(
  options: {
    channel: WebhookChannel;
    signingSecret: string;
    workspace: { readonly id: string; readonly name: string };
    dashboardUrl: string;
    now: Date;
  } & WebhookTransportOptions,
): Promise<WebhookResult> {
  const message: WebhookMessage = {
    test: true,
    notice: testNotice({
      workspaceId: options.workspace.id,
      workspaceName: options.workspace.name,
      dashboardUrl: options.dashboardUrl,
      now: options.now,
    }),
  };
  return postWebhook(
    webhookRequest({
      channel: options.channel,
      message,
      signingSecret: options.signingSecret,
      now: options.now,
    }),
    options,
  );
}
