import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { AlertQueueItem } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifyWebhookSignature,
} from '@expiry-radar/functions/domain/webhook-signature';
import { controlAuthorization } from '@expiry-radar/functions/local/local-control-server';
import { sendPagerDutyEvent } from '@expiry-radar/functions/local/send-pagerduty-event';
import type { LocalAppProcess } from '../support/local-app-process';
import { appForSuite, suiteClientHeaders } from '../support/shared-app';
import { readInbox, waitForEmail } from '../support/ses-inbox';

/** A webhook receiver on 127.0.0.1 that answers 500 while `failing`, else 204. */
interface Receiver {
  readonly url: string;
  failing: boolean;
  readonly received: { headers: IncomingHttpHeaders; body: string; status: number }[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const state = { failing: false };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const status = state.failing ? 500 : 204;
      received.push({ headers: request.headers, body, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The alert pipeline on `npm start`'s program: settings and a token over HTTP, the scan through
 * the local control endpoint, the worker fed by the local queue poller, SES emulator and a local
 * webhook receiver at the other end.
 */
describe('expiry alerts over HTTP', () => {
  let app: LocalAppProcess;
  let receiver: Receiver;
  let sqs: SQSClient;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await appForSuite({
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      ALERT_RETRY_BASE_SECONDS: '1',
      ALERT_RETRY_MAX_SECONDS: '1',
      ALERT_SCAN_INTERVAL_SECONDS: '3600',
    });
    sqs = new SQSClient({
      endpoint: app.endpoints.sqs,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }, 90_000);

  const inbox = () => app.endpoints.emailViewer ?? '';

  /**
   * Waits until the alert queue holds no message, visible or in flight: the worker has handled
   * everything a scan enqueued, so what was not sent by then will not be.
   */
  const alertQueueDrained = () =>
    eventually(
      async () => {
        const { Attributes } = await sqs.send(
          new GetQueueAttributesCommand({
            QueueUrl: app.endpoints.alertQueueUrl,
            AttributeNames: [
              'ApproximateNumberOfMessages',
              'ApproximateNumberOfMessagesNotVisible',
            ],
          }),
        );
        return (
          Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
          Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
        );
      },
      (count) => count === 0,
      'the alert queue to drain',
    );

  afterAll(async () => {
    sqs?.destroy();
    await app?.stop();
    await receiver?.close();
  });

  /** A verified user in their own session; `call` sends cookies and the CSRF header. */
  async function signUp() {
    const jar = new Map<string, string>();
    let csrfToken = '';
    const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
      const headers: Record<string, string> = {
        ...suiteClientHeaders(),
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
      const response = await fetch(`${app.appUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      for (const setCookie of response.headers.getSetCookie()) {
        const [name, value] = setCookie.split(';')[0]!.split('=') as [string, string];
        if (value === '') jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };
    csrfToken = ((await (await call('GET', '/api/csrf-token')).json()) as { csrfToken: string })
      .csrfToken;
    const email = `alerts-${randomUUID()}@example.com`;
    const password = 'a long enough passphrase';
    const registered = await call('POST', '/auth/register', { email, password, name: 'Ada' });
    expect(registered.status).toBe(202);
    const verification = await eventually(
      async () => (await readInbox(inbox())).filter((mail) => mail.destination.to.includes(email)),
      (mails) => mails.length > 0,
      'the verification email',
    );
    const token = /token=([\w-]+)/.exec(verification[0]!.body.text ?? '')?.[1];
    expect((await call('GET', `/auth/verify-email?token=${token}`)).status).toBe(302);
    expect((await call('POST', '/auth/login', { email, password })).status).toBe(200);
    // Signing in set the session's own CSRF token, as the web client then fetches it.
    csrfToken = ((await (await call('GET', '/api/csrf-token')).json()) as { csrfToken: string })
      .csrfToken;
    const { items } = (await (await call('GET', '/api/v1/workspaces')).json()) as {
      items: { id: string }[];
    };
    return { email, call, workspaceId: items[0]!.id };
  }

  async function configureWebhook(
    user: Awaited<ReturnType<typeof signUp>>,
    emailAlerts: boolean,
  ): Promise<string> {
    const saved = await user.call('PUT', `/api/v1/workspaces/${user.workspaceId}/alert-settings`, {
      email_alerts_enabled: emailAlerts,
      webhook_urls: [{ name: 'ops', url: receiver.url, kind: 'generic' }],
    });
    expect(saved.status).toBe(200);
    const settings = (await (
      await user.call('GET', `/api/v1/workspaces/${user.workspaceId}/alert-settings`)
    ).json()) as { webhook_signing_secret: string };
    return settings.webhook_signing_secret;
  }

  async function createToken(user: Awaited<ReturnType<typeof signUp>>, name: string) {
    const created = await user.call('POST', '/api/tokens', {
      name,
      category: 'key_secret',
      type: 'api_key',
      expiresAt: addCalendarDays(new Date(), 7),
      workspace_id: user.workspaceId,
    });
    expect(created.status).toBe(201);
    return (await created.json()) as { id: string };
  }

  async function scan(): Promise<{ queued: number }> {
    const response = await fetch(`${app.endpoints.control}/alerts/scan`, {
      method: 'POST',
      headers: controlAuthorization(app.endpoints.controlSecret ?? ''),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { queued: number };
  }

  async function alertsOf(user: Awaited<ReturnType<typeof signUp>>): Promise<AlertQueueItem[]> {
    const response = await user.call('GET', `/api/alert-queue?workspace_id=${user.workspaceId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: AlertQueueItem[] }).items;
  }

  const requestsFor = (tokenName: string) =>
    receiver.received.filter((request) => request.body.includes(tokenName));

  it('emails and signs a webhook for a token expiring in 7 days, once', async () => {
    const user = await signUp();
    const secret = await configureWebhook(user, true);
    const tokenName = `Payments API key ${randomUUID().slice(0, 8)}`;
    const token = await createToken(user, tokenName);

    expect((await scan()).queued).toBeGreaterThanOrEqual(1);

    const email = await waitForEmail(inbox(), {
      to: user.email,
      subject: `${tokenName} expires in 7 days`,
    });
    expect(email.body.text).toContain('(7 days left)');
    expect(email.body.text).toContain(
      `${app.appUrl}/dashboard?workspace=${user.workspaceId}&token=${token.id}`,
    );
    expect(email.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
        {
          name: 'List-Unsubscribe',
          value: expect.stringMatching(
            /^<http:\/\/localhost:\d+\/api\/alert-emails\/unsubscribe\?token=v1\./,
          ) as unknown,
        },
      ]),
    );
    expect(email.body.html).toContain(tokenName);

    const [delivery] = await eventually(
      () => Promise.resolve(requestsFor(tokenName)),
      (requests) => requests.length >= 1,
      'the webhook',
    );
    expect(
      verifyWebhookSignature({
        secret,
        body: delivery!.body,
        timestamp: String(delivery!.headers[TIMESTAMP_HEADER.toLowerCase()]),
        signature: String(delivery!.headers[SIGNATURE_HEADER.toLowerCase()]),
        now: new Date(),
      }),
    ).toBe(true);
    const [alert] = await eventually(
      () => alertsOf(user),
      (items) => items[0]?.status === 'sent',
      'the alert to be sent',
    );
    expect(alert).toMatchObject({ threshold: 7, token_name: tokenName, dead_lettered: false });
    expect(alert!.channels.map((channel) => [channel.channel, channel.status])).toEqual([
      ['email', 'sent'],
      ['webhook:ops', 'sent'],
    ]);

    await scan();
    await alertQueueDrained();
    const emails = (await readInbox(inbox())).filter(
      (mail) => mail.subject === `${tokenName} expires in 7 days`,
    );
    expect(emails).toHaveLength(1);
    expect(requestsFor(tokenName)).toHaveLength(1);
  }, 90_000);

  it("takes PagerDuty's acknowledge back through its V3 webhook", async () => {
    const user = await signUp();
    const saved = await user.call('PUT', `/api/v1/workspaces/${user.workspaceId}/alert-settings`, {
      email_alerts_enabled: false,
      webhook_urls: [{ name: 'pd', url: receiver.url, kind: 'pagerduty', routing_key: 'R0UTE' }],
    });
    expect(saved.status).toBe(200);
    const secret = `pd-secret-${randomUUID()}`;
    const backChannel = await user.call(
      'PUT',
      `/api/v1/workspaces/${user.workspaceId}/pagerduty-back-channel`,
      { webhook_name: 'pd', secret },
    );
    expect(backChannel.status).toBe(200);
    const { url } = (await backChannel.json()) as { url: string };
    const tokenName = `Paged key ${randomUUID().slice(0, 8)}`;
    const token = await createToken(user, tokenName);
    await scan();
    const [trigger] = await eventually(
      () => Promise.resolve(requestsFor(tokenName)),
      (requests) => requests.length >= 1,
      'the PagerDuty event',
    );
    const { dedup_key: incidentKey } = JSON.parse(trigger!.body) as { dedup_key: string };

    // What PagerDuty posts back when the incident is acknowledged there.
    const answer = await sendPagerDutyEvent({
      url,
      secret,
      eventType: 'incident.acknowledged',
      incidentKey,
    });
    expect(answer).toEqual({ status: 202, body: JSON.stringify({ outcome: 'acknowledged' }) });
    const action = await user.call('GET', `/api/tokens/${token.id}/alert-action`);
    expect(await action.json()).toMatchObject({
      action: { kind: 'acknowledged', by: 'PagerDuty, through the pd webhook' },
    });
  }, 90_000);

  it('retries a failing webhook, dead-letters it, and delivers it once after a requeue', async () => {
    const user = await signUp();
    await configureWebhook(user, false);
    const tokenName = `Flaky receiver key ${randomUUID().slice(0, 8)}`;
    receiver.failing = true;
    await createToken(user, tokenName);
    await scan();

    const [failed] = await eventually(
      () => alertsOf(user),
      (items) => items[0]?.dead_lettered === true,
      'the alert to be dead-lettered',
      60_000,
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 });
    expect(failed!.channels[0]).toMatchObject({ channel: 'webhook:ops', status: 'failed' });
    expect(failed!.channels[0]!.last_error).toMatch(/500/);
    expect(requestsFor(tokenName)).toHaveLength(5);

    // This alert's messages in the dead-letter queue (the app's other users have theirs there
    // too), read without taking them: they stay visible for the requeue.
    const deadLetters = async () => {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: app.endpoints.alertDeadLetterQueueUrl,
          MaxNumberOfMessages: 10,
          VisibilityTimeout: 0,
        }),
      );
      return Messages.filter((message) => message.Body?.includes(failed!.token_id)).length;
    };
    await eventually(deadLetters, (count) => count >= 1, 'the dead-letter queue');

    receiver.failing = false;
    const requeued = await user.call('POST', '/api/alert-queue/requeue', {
      workspace_id: user.workspaceId,
    });
    expect(requeued.status).toBe(200);
    expect(await requeued.json()).toEqual({ updated: 1 });

    const [sent] = await eventually(
      () => alertsOf(user),
      (items) => items[0]?.status === 'sent',
      'the requeued alert to be sent',
    );
    expect(sent!.dead_lettered).toBe(false);
    await alertQueueDrained();
    const delivered = requestsFor(tokenName).filter((request) => request.status === 204);
    expect(delivered).toHaveLength(1);
    expect(await deadLetters()).toBe(0);
  }, 120_000);

  it('sends one digest with a row per token when 11 tokens are due for one address', async () => {
    const user = await signUp();
    const run = randomUUID().slice(0, 8);
    const names = Array.from({ length: 11 }, (_, index) => `Digest key ${index + 1} ${run}`);
    for (const name of names) await createToken(user, name);

    await scan();
    const email = await waitForEmail(inbox(), {
      to: user.email,
      subject: '11 API keys expire in the next 7 days',
    });
    const text = email.body.text ?? '';
    for (const name of names) expect(text).toContain(`${name} expires in 7 days`);
    expect(text.match(/^ {2}Open Digest key \d+ \w+: http/gm)).toHaveLength(11);
    expect(email.body.html).toContain(names[10]!);

    await eventually(
      () => alertsOf(user),
      (items) => items.length === 11 && items.every((item) => item.status === 'sent'),
      'the 11 alerts to be sent',
    );
    await alertQueueDrained();
    const mails = (await readInbox(inbox())).filter((mail) =>
      mail.destination.to.includes(user.email),
    );
    // The verification email, and one alert email for all 11 tokens.
    expect(
      mails.filter((mail) => names.some((name) => mail.body.text?.includes(name))),
    ).toHaveLength(1);
  }, 90_000);

  it('sends the weekly summary on Monday morning once it is on, once, and its link stops it', async () => {
    const user = await signUp();
    const tokenName = `Summary key ${randomUUID().slice(0, 8)}`;
    await createToken(user, tokenName);
    const saved = await user.call('PUT', '/api/account/weekly-summary', {
      enabled: true,
      time_zone: 'Europe/Zurich',
    });
    expect(saved.status).toBe(200);
    const { next_send_at: sendAt } = (await saved.json()) as { next_send_at: string };

    const runAt = async (at: string) => {
      const response = await fetch(
        `${app.endpoints.control}/alerts/weekly-summary?at=${encodeURIComponent(at)}`,
        { method: 'POST', headers: controlAuthorization(app.endpoints.controlSecret ?? '') },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { sent: number };
    };
    expect((await runAt(sendAt)).sent).toBeGreaterThanOrEqual(1);
    const email = await waitForEmail(inbox(), { to: user.email, subject: /^Weekly summary: / });
    expect(email.subject).toBe('Weekly summary: 1 API key expires in the next 30 days');
    expect(email.body.text).toContain(`${tokenName} expires`);
    expect(email.body.html).toContain(tokenName);
    // The same Monday morning again sends nothing more (the job sends before it answers).
    await runAt(new Date(new Date(sendAt).getTime() + 60_000).toISOString());
    const summaries = (await readInbox(inbox())).filter(
      (mail) => mail.destination.to.includes(user.email) && mail.subject.startsWith('Weekly'),
    );
    expect(summaries).toHaveLength(1);

    const header = email.headers?.find((line) => line.name === 'List-Unsubscribe')?.value ?? '';
    const oneClick = /^<(.+)>$/.exec(header)![1]!;
    const stopped = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({ kind: 'weekly_summary', subscribed: false });
    const settings = await user.call('GET', '/api/account/weekly-summary');
    expect(await settings.json()).toMatchObject({ enabled: false, next_send_at: null });
  }, 90_000);
});
