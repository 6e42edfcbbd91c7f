import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse } from 'aws-lambda';
import {
  alertQueueMessageSchema,
  alertRefsOf,
  type AlertQueueItem,
  type AlertQueueMessage,
  type AlertRef,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { apiGatewayEvent, invoke } from '../../test-support/api-gateway-event';
import { captureMetrics, metricCounts } from '../../test-support/metrics-output';
import {
  givenMember,
  givenToken,
  givenWorkspace,
  inDays,
  updateRequest,
} from '../../test-support/token-fixtures';
import { buildToken, seedTokens } from '../../test-support/token-seeding';
import { givenAlertSettings } from '../../test-support/alert-settings-fixtures';
import {
  givenWorkspace as givenOwnedWorkspace,
  routeEvent,
  routeRequest,
} from '../../test-support/workspace-fixtures';
import { addAlertEmailOptOut, removeAlertEmailOptOut } from '../data/alert-email-opt-outs';
import { readAlertSettingsRecord, writeAlertSettings } from '../data/alert-settings-records';
import { alertUsageCodec } from '../data/entities/alert-usage';
import { tokenCodec } from '../data/entities/token';
import { alertRecordStore } from '../data/alert-record-store';
import { keys } from '../data/keys';
import { WebhookDeliveryError, type WebhookDelivery } from '../domain/alert-channels';
import type { AlertRecordStore } from '../domain/alert-delivery-model';
import { monthOf, SKIP_REASONS, type RetryPolicy } from '../services/alerts/delivery-rules';
import type { EmailMessage } from '../domain/mailer';
import { handler as getAlertStats } from '../http/alert-queue/get-alert-stats';
import { handler as listAlertQueue } from '../http/alert-queue/list-alert-queue';
import { handler as unsubscribe } from '../http/alert-emails/unsubscribe';
import { handler as requeueAlerts } from '../http/alert-queue/requeue-alerts';
import { handler as retryAlert } from '../http/alert-queue/retry-alert';
import { handler as getOrganizationUsage } from '../http/organization/get-organization-usage';
import { handler as getAlertSettings } from '../http/alerts/get-alert-settings';
import { handler as putAlertSettings } from '../http/alerts/put-alert-settings';
import { lambdaContext } from '../local/lambda-http-adapter';
import { getDocumentClient, getSqsClient } from '../platform/aws-clients';
import { logger } from '../platform/logger';
import { getConfig } from '../platform/config';
import { removeEmailSuppression } from '../data/email-suppressions';
import { sesPermanentBounce, snsEventOf } from '../local/ses-notification-samples';
import { createAlertWorker } from './alert-worker';
import { handleEmailFeedback } from './email-feedback';
import { runExpiryScan } from './expiry-scan';
import { sqsEvent } from '../../test-support/sqs-event';

const POLICY: RetryPolicy = { maxReceiveCount: 3, baseDelaySeconds: 1, maxDelaySeconds: 1 };

/**
 * The queue, in memory: the scan's messages about a workspace, handed to the worker as SQS does.
 * (Only this file runs the scan: a scan in another file, at the same time, would take the due
 * tokens of this one.)
 */
async function scanFor(workspaceId: string, now = new Date()): Promise<AlertQueueMessage[]> {
  const messages: AlertQueueMessage[] = [];
  await runExpiryScan(now, {
    enqueue: (batch) => Promise.resolve(void messages.push(...batch)),
  });
  return messages.filter((message) =>
    alertRefsOf(message).some((alert) => alert.workspaceId === workspaceId),
  );
}

/** The alert windows the messages are about, each once. */
function alertsIn(messages: readonly AlertQueueMessage[]): AlertRef[] {
  const alerts = new Map<string, AlertRef>();
  for (const alert of messages.flatMap(alertRefsOf)) {
    const { alertId, workspaceId, tokenId, expiresAt, threshold } = alert;
    alerts.set(alertId, { alertId, workspaceId, tokenId, expiresAt, threshold });
  }
  return [...alerts.values()];
}

function channels(
  options: {
    failWebhook?: () => boolean;
    failEmail?: (to: string, subject: string) => boolean;
    records?: AlertRecordStore;
  } = {},
) {
  const emails: EmailMessage[] = [];
  const webhooks: WebhookDelivery[] = [];
  const delays: number[] = [];
  const worker = createAlertWorker({
    policy: POLICY,
    delay: (_receipt, seconds) => Promise.resolve(void delays.push(seconds)),
    ports: {
      ...(options.records ? { records: options.records } : {}),
      mailer: {
        send: (message) =>
          options.failEmail?.(message.to, message.subject)
            ? Promise.reject(new Error('Mailbox unavailable'))
            : Promise.resolve(void emails.push(message)),
      },
      sendWebhook: (delivery) => {
        if (options.failWebhook?.()) {
          return Promise.reject(
            new WebhookDeliveryError('rejected', 'The receiver answered 500', 500),
          );
        }
        webhooks.push(delivery);
        return Promise.resolve({ status: 204 });
      },
    },
  });
  const run = (messages: readonly AlertQueueMessage[], receiveCount = 1) =>
    worker(sqsEvent(messages, { receiveCount }), lambdaContext('alert-worker', randomUUID()));
  return { emails, webhooks, delays, run };
}

async function withWebhook(workspaceId: string, emailAlerts = true) {
  const current = await readAlertSettingsRecord(workspaceId);
  await writeAlertSettings({
    workspaceId,
    changes: {
      email_alerts_enabled: emailAlerts,
      webhook_urls: [{ name: 'ops', kind: 'generic', url: 'https://hooks.example.com/x' }],
      contact_groups: [],
      default_contact_group_id: null,
      thresholds: [30, 14, 7, 1, 0],
    },
    expectedRevision: current.revision,
    now: new Date(),
  });
}

async function tokenItem(workspaceId: string, tokenId: string) {
  const { Item } = await getDocumentClient().send(
    new GetCommand({ TableName: getConfig().tableName, Key: keys.token(workspaceId, tokenId) }),
  );
  return Item ?? {};
}

const get = (handler: typeof listAlertQueue, path: string, cookie: string, query = '') =>
  invoke(handler, routeEvent({ method: 'GET', path, query, cookie }));

describe('alert pipeline: scan, worker and the alert queue routes', () => {
  it('arms new tokens, sends each window once, and re-arms a renewed token', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await withWebhook(workspaceId);
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const later = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(200) });
    const armed = await tokenItem(workspaceId, token.id);
    expect(armed.nextAlertAt).toBe(`${inDays(0)}T00:00:00.000Z`);
    expect(['0', '1', '2', '3']).toContain(armed.dueShard);
    expect((await tokenItem(workspaceId, later.id)).nextAlertAt).toBe(
      `${inDays(170)}T00:00:00.000Z`,
    );

    const messages = await scanFor(workspaceId);
    expect(messages).toEqual([
      expect.objectContaining({
        kind: 'digest',
        address: owner.email,
        alerts: [expect.objectContaining({ tokenId: token.id, threshold: 7 })],
      }),
      expect.objectContaining({ tokenId: token.id, threshold: 7, deliver: 'webhooks' }),
    ]);
    expect((await tokenItem(workspaceId, token.id)).nextAlertAt).toBe(`${inDays(6)}T00:00:00.000Z`);

    const { emails, webhooks, run } = channels();
    expect((await run(messages)).batchItemFailures).toEqual([]);
    expect(emails).toEqual([
      expect.objectContaining({ to: owner.email, subject: `${token.name} expires in 7 days` }),
    ]);
    expect(webhooks).toHaveLength(1);
    expect(webhooks[0]!.notice).toMatchObject({ daysLeft: 7, threshold: 7, tokenId: token.id });

    // A duplicate message and a second scan send nothing more.
    expect((await run(messages, 2)).batchItemFailures).toEqual([]);
    expect(await scanFor(workspaceId)).toEqual([]);
    expect(emails).toHaveLength(1);
    expect(webhooks).toHaveLength(1);

    const renewed = await updateRequest(owner.cookie, token.id, { expiresAt: inDays(10) });
    expect(renewed.statusCode).toBe(200);
    const again = alertsIn(await scanFor(workspaceId));
    expect(again).toEqual([expect.objectContaining({ expiresAt: inDays(10), threshold: 14 })]);

    const queue = await get(
      listAlertQueue,
      '/api/alert-queue',
      owner.cookie,
      `workspace_id=${workspaceId}`,
    );
    expect(queue.statusCode).toBe(200);
    const items = (queue.json as { items: { status: string; threshold: number }[] }).items;
    // Newest queued first: the renewed date's 14-day alert, though its window opened before
    // today's 7-day one.
    expect(items.map((item) => [item.threshold, item.status])).toEqual([
      [14, 'pending'],
      [7, 'sent'],
    ]);

    const stats = await get(
      getAlertStats,
      '/api/alert-stats',
      owner.cookie,
      `workspace_id=${workspaceId}`,
    );
    expect(stats.json).toMatchObject({
      month: monthOf(new Date()),
      totals: { attempts: 2, successes: 2, failures: 0 },
      deliveries_this_month: 2,
      deliveries_limit: 2_000,
    });
    const usage = await get(getOrganizationUsage, '/api/organization/usage', owner.cookie);
    expect(usage.statusCode).toBe(200);
    expect(usage.json).toMatchObject({
      usage: { alertDeliveriesThisMonth: 2, tokens: 2, members: 1, workspacesOwned: 1 },
      workspaces: [expect.objectContaining({ id: workspaceId, webhooks: 1, tokens: 2 })],
    });
  });

  it('retries a failing webhook, dead-letters it, and a retry sends only that channel', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await withWebhook(workspaceId);
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(1) });
    const messages = await scanFor(workspaceId);
    let failing = true;
    const { emails, webhooks, delays, run } = channels({ failWebhook: () => failing });

    for (let receive = 1; receive <= POLICY.maxReceiveCount; receive += 1) {
      const response = await run(messages, receive);
      expect(response.batchItemFailures).toHaveLength(1);
    }
    expect(delays).toEqual([1, 1, 1]);
    expect(emails).toHaveLength(1);
    const queue = await get(
      listAlertQueue,
      '/api/alert-queue',
      owner.cookie,
      `workspace_id=${workspaceId}`,
    );
    const [alert] = (queue.json as { items: Record<string, unknown>[] }).items;
    expect(alert).toMatchObject({
      token_id: token.id,
      status: 'partial',
      dead_lettered: true,
      attempts: 3,
      next_attempt_at: null,
      channels: [
        expect.objectContaining({ channel: 'email', status: 'sent' }),
        expect.objectContaining({
          channel: 'webhook:ops',
          status: 'failed',
          attempts: 3,
          last_error: 'The receiver answered 500',
        }),
      ],
    });

    failing = false;
    const id = String(alert!.id);
    const retried = await invoke(
      retryAlert,
      routeRequest('POST', '/api/alert-queue/{id}/retry', {
        params: { id },
        body: { channel: 'webhook:ops' },
        cookie: owner.cookie,
      }),
    );
    expect(retried.statusCode).toBe(200);
    expect((await run(messages, 1)).batchItemFailures).toEqual([]);
    expect(webhooks).toHaveLength(1);
    expect(emails).toHaveLength(1);

    const twice = await invoke(
      retryAlert,
      routeRequest('POST', '/api/alert-queue/{id}/retry', {
        params: { id },
        body: { channel: 'webhook:ops' },
        cookie: owner.cookie,
      }),
    );
    expect(twice.statusCode).toBe(409);
  });

  it("retries only the webhook asked for: the alert's other dead-lettered webhook waits for its own retry", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await givenAlertSettings(workspaceId, {
      webhook_urls: [
        { name: 'ops', kind: 'generic', url: 'https://hooks.example.com/ops' },
        { name: 'pager', kind: 'generic', url: 'https://hooks.example.com/pager' },
      ],
    });
    await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(1) });
    const messages = await scanFor(workspaceId);
    let failing = true;
    const { webhooks, run } = channels({ failWebhook: () => failing });
    for (let receive = 1; receive <= POLICY.maxReceiveCount; receive += 1) {
      await run(messages, receive);
    }
    const webhookChannels = async () => {
      const queue = await get(
        listAlertQueue,
        '/api/alert-queue',
        owner.cookie,
        `workspace_id=${workspaceId}`,
      );
      const [alert] = (queue.json as { items: { id: string; channels: unknown[] }[] }).items;
      return { id: alert!.id, channels: alert!.channels };
    };
    const deadLettered = await webhookChannels();
    expect(deadLettered.channels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'webhook:ops', status: 'failed', attempts: 3 }),
        expect.objectContaining({ channel: 'webhook:pager', status: 'failed', attempts: 3 }),
      ]),
    );

    failing = false;
    const retried = await invoke(
      retryAlert,
      routeRequest('POST', '/api/alert-queue/{id}/retry', {
        params: { id: deadLettered.id },
        body: { channel: 'webhook:ops' },
        cookie: owner.cookie,
      }),
    );
    expect(retried.statusCode).toBe(200);
    expect((await run(messages, 1)).batchItemFailures).toEqual([]);
    expect(webhooks.map((delivery) => delivery.channel.name)).toEqual(['ops']);
    expect((await webhookChannels()).channels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'webhook:ops', status: 'sent', attempts: 4 }),
        expect.objectContaining({ channel: 'webhook:pager', status: 'failed', attempts: 3 }),
      ]),
    );
  });

  it('counts sent, failed and dead-lettered deliveries per channel kind as metrics', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await withWebhook(workspaceId);
    await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const messages = await scanFor(workspaceId);
    const { run } = channels({ failWebhook: () => true });

    const first = await captureMetrics(() => run(messages, 1));
    expect(metricCounts(first, 'channel')).toEqual({
      'AlertsSent email': 1,
      'AlertsFailed generic': 1,
    });
    expect(first[0]?._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'ExpiryRadar',
      Dimensions: [expect.arrayContaining(['service', 'channel'])],
    });
    const last = await captureMetrics(() => run(messages, POLICY.maxReceiveCount));
    expect(metricCounts(last, 'channel')).toEqual({
      'AlertsFailed generic': 1,
      'AlertsDeadLettered generic': 1,
    });
  });

  it('skips deliveries beyond the monthly quota and records why', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'free' });
    await getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: alertUsageCodec.toItem({
          ownerId: owner.userId,
          month: monthOf(new Date()),
          deliveries: 100,
        }),
      }),
    );
    await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const { emails, run } = channels();
    expect((await run(await scanFor(workspaceId))).batchItemFailures).toEqual([]);
    expect(emails).toEqual([]);
    const queue = await get(
      listAlertQueue,
      '/api/alert-queue',
      owner.cookie,
      `workspace_id=${workspaceId}`,
    );
    expect((queue.json as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        status: 'failed',
        last_error: 'Monthly alert delivery limit reached',
        channels: [expect.objectContaining({ channel: 'email', status: 'skipped' })],
      }),
    ]);
  });

  it("sends only to the webhooks within the plan's limit after a downgrade, the first ones kept", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const current = await readAlertSettingsRecord(workspaceId);
    await writeAlertSettings({
      workspaceId,
      changes: {
        ...current.settings,
        email_alerts_enabled: false,
        webhook_urls: ['first', 'second', 'third'].map((name) => ({
          name,
          kind: 'generic' as const,
          url: `https://hooks.example.com/${name}`,
        })),
      },
      expectedRevision: current.revision,
      now: new Date(),
    });
    const planned = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const plannedOnPro = await scanFor(workspaceId);
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: getConfig().tableName,
        Key: keys.workspace(workspaceId),
        UpdateExpression: 'SET #plan = :free',
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: { ':free': 'free' },
      }),
    );
    const { webhooks, run } = channels();
    // Planned on Pro, sent on Free: the webhooks beyond Free's one are skipped.
    expect((await run(plannedOnPro)).batchItemFailures).toEqual([]);
    expect(webhooks.map((delivery) => delivery.channel.name)).toEqual(['first']);

    const later = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(1) });
    expect((await run(await scanFor(workspaceId))).batchItemFailures).toEqual([]);
    expect(webhooks.map((delivery) => delivery.channel.name)).toEqual(['first', 'first']);

    const queue = await get(
      listAlertQueue,
      '/api/alert-queue',
      owner.cookie,
      `workspace_id=${workspaceId}`,
    );
    const channelsOf = (tokenId: string) =>
      (queue.json as { items: { token_id: string; channels: Record<string, unknown>[] }[] }).items
        .find((item) => item.token_id === tokenId)
        ?.channels.map(({ channel, status }) => [channel, status]);
    expect(channelsOf(planned.id)).toEqual([
      ['webhook:first', 'sent'],
      ['webhook:second', 'skipped'],
      ['webhook:third', 'skipped'],
    ]);
    expect(channelsOf(later.id)).toEqual([['webhook:first', 'sent']]);
  });

  it('pauses frozen workspaces and those without a channel, without losing the window', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const current = await readAlertSettingsRecord(workspaceId);
    await writeAlertSettings({
      workspaceId,
      changes: { ...current.settings, email_alerts_enabled: false, webhook_urls: [] },
      expectedRevision: current.revision,
      now: new Date(),
    });
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    expect(await scanFor(workspaceId)).toEqual([]);
    const paused = await tokenItem(workspaceId, token.id);
    expect(paused.lastAlertThreshold).toBeUndefined();
    expect(String(paused.nextAlertAt) > new Date().toISOString()).toBe(true);
  });

  it('leaves a malformed due token out of the scan and alerts the others', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const token = await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const { name: _name, ...nameless } = tokenCodec.toItem({
      token: buildToken(workspaceId, { expiresAt: inDays(7) }),
      schedule: { nextAlertAt: `${inDays(0)}T00:00:00.000Z`, lastAlert: null },
    });
    const { tableName } = getConfig();
    await getDocumentClient().send(new PutCommand({ TableName: tableName, Item: nameless }));
    try {
      expect(alertsIn(await scanFor(workspaceId))).toEqual([
        expect.objectContaining({ tokenId: token.id, threshold: 7 }),
      ]);
    } finally {
      await getDocumentClient().send(
        new DeleteCommand({ TableName: tableName, Key: { pk: nameless.pk, sk: nameless.sk } }),
      );
    }
  });

  it("a workspace whose stored items cannot be read does not stop another workspace's alerts", async () => {
    const broken = await givenWorkspace({ plan: 'pro' });
    const healthy = await givenWorkspace({ plan: 'pro' });
    const token = await givenToken(healthy.owner.cookie, healthy.workspaceId, {
      expiresAt: inDays(7),
    });
    const due = { nextAlertAt: `${inDays(0)}T00:00:00.000Z`, lastAlert: null };
    // Written straight to the table, as before the text rules: a lone surrogate, and an
    // attribute of the wrong type.
    const surrogate = tokenCodec.toItem({
      token: buildToken(broken.workspaceId, { name: 'Broken \ud800', expiresAt: inDays(7) }),
      schedule: due,
    });
    const wrongType = {
      ...tokenCodec.toItem({
        token: buildToken(broken.workspaceId, { expiresAt: inDays(7) }),
        schedule: due,
      }),
      expiresAt: 20_300_101,
    };
    const { tableName } = getConfig();
    const client = getDocumentClient();
    for (const item of [surrogate, wrongType]) {
      await client.send(new PutCommand({ TableName: tableName, Item: item }));
    }
    try {
      let messages: AlertQueueMessage[] = [];
      const lines = await captureMetrics(async () => {
        messages = await scanFor(healthy.workspaceId);
      });
      expect(alertsIn(messages)).toEqual([
        expect.objectContaining({ tokenId: token.id, threshold: 7 }),
      ]);
      expect(metricCounts(lines, 'job')['WorkspaceJobFailures expiry-scan']).toBeGreaterThan(0);
    } finally {
      for (const item of [surrogate, wrongType]) {
        await client.send(
          new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }),
        );
      }
    }
  });

  it('requires membership to read and an editor to requeue or retry', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'team' });
    const viewer = await givenMember(workspaceId, 'viewer');
    const { owner: outsider } = await givenWorkspace();
    const query = `workspace_id=${workspaceId}`;
    expect((await get(listAlertQueue, '/api/alert-queue', outsider.cookie, query)).statusCode).toBe(
      404,
    );
    expect((await get(getAlertStats, '/api/alert-stats', outsider.cookie, query)).statusCode).toBe(
      404,
    );
    expect((await get(listAlertQueue, '/api/alert-queue', viewer.cookie, query)).statusCode).toBe(
      200,
    );

    const requeue = (cookie: string) =>
      invoke(
        requeueAlerts,
        routeEvent({
          method: 'POST',
          path: '/api/alert-queue/requeue',
          body: { workspace_id: workspaceId },
          cookie,
        }),
      );
    expect((await requeue(viewer.cookie)).statusCode).toBe(403);
    expect((await requeue(outsider.cookie)).statusCode).toBe(404);
    const done = await requeue(owner.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json).toEqual({ updated: 0 });

    await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(7) });
    const [alert] = alertsIn(await scanFor(workspaceId));
    const id = alert!.alertId;
    const retry = (cookie: string) =>
      invoke(
        retryAlert,
        routeRequest('POST', '/api/alert-queue/{id}/retry', {
          params: { id },
          body: { channel: 'email' },
          cookie,
        }),
      );
    expect((await retry(viewer.cookie)).statusCode).toBe(403);
    expect((await retry(outsider.cookie)).statusCode).toBe(404);
  });
});

/** Token names in the order an email lists them (each row starts with the name). */
function namesIn(text: string, names: readonly string[]): string[] {
  return [...names].sort((a, b) => text.indexOf(`\n${a} `) - text.indexOf(`\n${b} `));
}

/** Takes the messages `accept` wants off the alert queue (the SQS emulator). */
async function receiveFromQueue(
  accept: (message: AlertQueueMessage) => boolean,
): Promise<AlertQueueMessage[]> {
  const taken: AlertQueueMessage[] = [];
  const queueUrl = getConfig().alertQueueUrl;
  for (;;) {
    const { Messages } = await getSqsClient().send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 0,
      }),
    );
    if (!Messages || Messages.length === 0) return taken;
    for (const received of Messages) {
      const message = alertQueueMessageSchema.parse(JSON.parse(received.Body ?? ''));
      if (!accept(message)) continue;
      taken.push(message);
      await getSqsClient().send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: received.ReceiptHandle }),
      );
    }
  }
}

async function queueOf(cookie: string, workspaceId: string) {
  const queue = await get(
    listAlertQueue,
    '/api/alert-queue',
    cookie,
    `workspace_id=${workspaceId}`,
  );
  return (queue.json as { items: AlertQueueItem[] }).items;
}

describe('digests: one email per address for everything due for it', () => {
  it('sends one email with 11 rows for 11 due tokens, by workspace, most urgent first', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const payments = await givenOwnedWorkspace({
      ownerId: owner.userId,
      plan: 'pro',
      name: 'Payments',
    });
    const platformDays = [2, 3, 5, 6, 7];
    const paymentsDays = [1, 4, 7, 10, 12, 13];
    for (const days of platformDays) {
      await givenToken(owner.cookie, workspaceId, { name: `P-${days}`, expiresAt: inDays(days) });
    }
    for (const days of paymentsDays) {
      const cert = days % 2 === 0;
      await givenToken(owner.cookie, payments, {
        name: `Q-${days}`,
        expiresAt: inDays(days),
        ...(cert ? { category: 'cert', type: 'ssl_cert', domains: ['pay.example.com'] } : {}),
      });
    }

    const messages = await scanFor(workspaceId);
    expect(messages).toEqual([expect.objectContaining({ kind: 'digest', address: owner.email })]);
    expect(alertsIn(messages)).toHaveLength(11);
    const { emails, run } = channels();
    expect((await run(messages)).batchItemFailures).toEqual([]);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.to).toBe(owner.email);
    expect(email!.subject).toBe('8 API keys and 3 certificates expire in the next 13 days');
    const names = [...paymentsDays.map((d) => `Q-${d}`), ...platformDays.map((d) => `P-${d}`)];
    // Payments first (a token expires tomorrow), each workspace's rows by days left.
    expect(namesIn(email!.text, names)).toEqual(names);
    expect(email!.text.indexOf('\nPayments\n')).toBeGreaterThan(0);
    expect(email!.text.indexOf('\nPayments\n')).toBeLessThan(email!.text.indexOf('\nPlatform\n'));
    expect(email!.text).toContain('Domains: pay.example.com');
    expect(email!.text).toContain('go to the workspace owner (you)');

    // The same digest again (a duplicate or a retried message) sends nothing more.
    expect((await run(messages, 2)).batchItemFailures).toEqual([]);
    expect(emails).toHaveLength(1);
    const queue = await queueOf(owner.cookie, payments);
    expect(queue).toHaveLength(6);
    for (const item of queue) {
      expect(item.status).toBe('sent');
      expect(item.channels).toEqual([
        expect.objectContaining({
          channel: 'email',
          recipients: [expect.objectContaining({ target: owner.email, status: 'sent' })],
        }),
      ]);
    }
  });

  it('sends a digest of more than 100 rows in parts, the most urgent first, each saying which part it is', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const leastUrgent = buildToken(workspaceId, { name: 'Least urgent', expiresAt: inDays(25) });
    const urgent = Array.from({ length: 100 }, (_, index) =>
      buildToken(workspaceId, {
        name: `Key ${String(index).padStart(3, '0')}`,
        expiresAt: inDays(3 + (index % 5)),
      }),
    );
    await seedTokens(workspaceId, [leastUrgent, ...urgent], 8, () => ({
      nextAlertAt: `${inDays(0)}T00:00:00.000Z`,
      lastAlert: null,
    }));

    const messages = await scanFor(workspaceId);
    expect(messages).toHaveLength(2);
    // Part 1's email fails once: its message comes back for it alone; part 2 is sent.
    let firstPartFails = true;
    const { emails, run } = channels({
      failEmail: (_to, subject) => firstPartFails && subject.endsWith('(part 1 of 2)'),
    });
    expect((await run(messages)).batchItemFailures).toHaveLength(1);
    expect(emails.map((email) => email.subject)).toEqual([
      'Least urgent expires in 25 days (part 2 of 2)',
    ]);
    firstPartFails = false;
    expect((await run(messages, 2)).batchItemFailures).toEqual([]);
    const [first, second] = [...emails].sort((a, b) => a.subject.localeCompare(b.subject));
    expect([first!.to, second!.to]).toEqual([owner.email, owner.email]);
    // Part 1: the 100 most urgent, under the summary of all 101; part 2: the one left.
    expect(first!.subject).toBe('101 API keys expire in the next 25 days (part 1 of 2)');
    expect(second!.subject).toBe('Least urgent expires in 25 days (part 2 of 2)');
    const note = (part: number) =>
      `This is part ${part} of 2 of today's alerts: 101 in all, too many for one email, so they come in 2 emails, the most urgent first.`;
    expect(first!.text).toContain('100 API keys expire in the next 7 days.');
    expect(first!.text).toContain(note(1));
    expect(first!.html).toContain(note(1).replace("'", '&#x27;'));
    expect(first!.text).not.toContain('Least urgent');
    expect(second!.text).toContain(note(2));
    expect(second!.text).not.toContain('Key 0');

    // Each part went once: the retry of both messages sent only part 1.
    expect(emails).toHaveLength(2);
  });

  it('retries only the address whose email failed, with only what it has not received', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const [ada, bob, cy] = ['ada', 'bob', 'cy'].map(
      (name) => `${name}-${randomUUID()}@example.com`,
    );
    await givenAlertSettings(workspaceId, {
      contact_groups: [{ id: 'ops', name: 'Ops', emails: [ada!, bob!, cy!], webhook_names: [] }],
      default_contact_group_id: 'ops',
    });
    await givenToken(owner.cookie, workspaceId, { name: 'First', expiresAt: inDays(7) });
    await givenToken(owner.cookie, workspaceId, { name: 'Second', expiresAt: inDays(1) });
    const messages = await scanFor(workspaceId);
    expect(messages.map((message) => 'address' in message && message.address).sort()).toEqual(
      [ada, bob, cy].sort(),
    );

    let bobFails = true;
    const { emails, run } = channels({ failEmail: (to) => to === bob && bobFails });
    expect((await run(messages, 1)).batchItemFailures).toHaveLength(1);
    expect(emails.map((email) => email.to).sort()).toEqual([ada, cy].sort());
    expect(emails[0]!.text).toContain('You are in the contact group Ops of Platform.');
    const failed = await queueOf(owner.cookie, workspaceId);
    expect(failed.map((item) => item.status)).toEqual(['partial', 'partial']);
    expect(failed[0]!.channels[0]!.recipients).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          target: bob,
          status: 'failed',
          last_error: 'Mailbox unavailable',
        }),
        expect.objectContaining({ target: ada, status: 'sent' }),
      ]),
    );
    expect(failed[0]!.next_attempt_at).not.toBeNull();

    bobFails = false;
    expect((await run(messages, 2)).batchItemFailures).toEqual([]);
    expect(emails.map((email) => email.to)).toHaveLength(3);
    expect(emails[2]).toMatchObject({ to: bob, subject: '2 API keys expire in the next 7 days' });
    const sent = await queueOf(owner.cookie, workspaceId);
    expect(sent.map((item) => [item.status, item.next_attempt_at])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    const bobs = sent[0]!.channels[0]!.recipients.find((recipient) => recipient.target === bob);
    expect(bobs).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('shows each recipient with the digest that carried it, and retries one recipient alone', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const [ada, bob] = ['ada', 'bob'].map((name) => `${name}-${randomUUID()}@example.com`);
    await givenAlertSettings(workspaceId, {
      contact_groups: [{ id: 'ops', name: 'Ops', emails: [ada!, bob!], webhook_names: [] }],
      default_contact_group_id: 'ops',
    });
    await givenToken(owner.cookie, workspaceId, { name: 'Shared', expiresAt: inDays(7) });
    const messages = await scanFor(workspaceId);
    const failing = channels({ failEmail: (to) => to === bob });
    for (let receive = 1; receive <= POLICY.maxReceiveCount; receive += 1) {
      await failing.run(messages, receive);
    }
    const digestOf = (address: string) =>
      messages.find((message) => 'address' in message && message.address === address) as {
        digestId: string;
      };
    const [item] = await queueOf(owner.cookie, workspaceId);
    expect(item!.channels[0]!.recipients).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: `email:${ada}`,
          target: ada,
          status: 'sent',
          digest_id: digestOf(ada!).digestId,
        }),
        expect.objectContaining({
          channel: `email:${bob}`,
          target: bob,
          status: 'failed',
          attempts: 3,
          digest_id: digestOf(bob!).digestId,
        }),
      ]),
    );

    const retry = (channel: string) =>
      invoke(
        retryAlert,
        routeRequest('POST', '/api/alert-queue/{id}/retry', {
          params: { id: item!.id },
          body: { channel },
          cookie: owner.cookie,
        }),
      );
    expect((await retry('email:nobody@example.com')).statusCode).toBe(404);
    expect((await retry(`email:${ada}`)).statusCode).toBe(409);
    expect((await retry(`email:${bob}`)).statusCode).toBe(200);
    const again = await receiveFromQueue((message) =>
      alertRefsOf(message).some((alert) => alert.workspaceId === workspaceId),
    );
    expect(again).toEqual([expect.objectContaining({ kind: 'digest', address: bob })]);
    const { emails, run } = channels();
    expect((await run(again)).batchItemFailures).toEqual([]);
    expect(emails.map((email) => email.to)).toEqual([bob]);
    const [sent] = await queueOf(owner.cookie, workspaceId);
    expect(sent!.status).toBe('sent');
  });

  it('leaves out a token renewed between the scan and the send', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await givenToken(owner.cookie, workspaceId, {
      name: 'Kept',
      expiresAt: inDays(7),
    });
    const renewed = await givenToken(owner.cookie, workspaceId, {
      name: 'Renewed',
      expiresAt: inDays(6),
    });
    await givenToken(owner.cookie, workspaceId, { name: 'Also kept', expiresAt: inDays(5) });
    const messages = await scanFor(workspaceId);
    expect(alertsIn(messages)).toHaveLength(3);
    expect(
      (await updateRequest(owner.cookie, renewed.id, { expiresAt: inDays(300) })).statusCode,
    ).toBe(200);

    const { emails, run } = channels();
    expect((await run(messages)).batchItemFailures).toEqual([]);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('2 API keys expire in the next 7 days');
    // Its row would start with its name ("Renewed" is also every row's action link).
    expect(emails[0]!.text).not.toMatch(/^Renewed /m);
    const queue = await queueOf(owner.cookie, workspaceId);
    expect(queue.map((item) => [item.token_name, item.status]).sort()).toEqual([
      ['Also kept', 'sent'],
      ['Kept', 'sent'],
    ]);
  });

  it("sends a digest with every readable workspace's rows when one workspace's token cannot be read, and that row later", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const payments = await givenOwnedWorkspace({
      ownerId: owner.userId,
      plan: 'pro',
      name: 'Payments',
    });
    await givenToken(owner.cookie, workspaceId, { name: 'Readable key', expiresAt: inDays(7) });
    const broken = await givenToken(owner.cookie, payments, {
      name: 'Broken key',
      expiresAt: inDays(6),
    });
    const messages = await scanFor(workspaceId);
    expect(messages).toEqual([expect.objectContaining({ kind: 'digest', address: owner.email })]);
    expect(alertsIn(messages)).toHaveLength(2);
    // After the scan, the token's item stops matching its codec (written by hand, or by an
    // older version): a name that is not text.
    const stored = await tokenItem(payments, broken.id);
    const { tableName } = getConfig();
    const putToken = (item: Record<string, unknown>) =>
      getDocumentClient().send(new PutCommand({ TableName: tableName, Item: item }));
    await putToken({ ...stored, name: 404 });

    const { emails, run } = channels();
    const logged = jest.spyOn(logger, 'error');
    try {
      let failures: SQSBatchResponse['batchItemFailures'] = [];
      const lines = await captureMetrics(async () => {
        failures = (await run(messages)).batchItemFailures;
      });
      expect(emails).toHaveLength(1);
      expect(emails[0]!.to).toBe(owner.email);
      expect(emails[0]!.text).toContain('Readable key');
      expect(emails[0]!.text).not.toContain('Broken key');
      // The message comes back for the row it could not send.
      expect(failures).toHaveLength(1);
      expect(logged).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ job: 'alert-digest', workspaceId: payments }),
      );
      expect(metricCounts(lines, 'job')['WorkspaceJobFailures alert-digest']).toBeGreaterThan(0);
    } finally {
      logged.mockRestore();
    }
    expect((await queueOf(owner.cookie, workspaceId)).map((item) => item.status)).toEqual(['sent']);
    const [waiting] = await queueOf(owner.cookie, payments);
    expect(waiting).toMatchObject({ status: 'failed' });
    expect(waiting!.channels[0]!.recipients).toEqual([
      expect.objectContaining({
        target: owner.email,
        status: 'failed',
        last_error: expect.stringMatching(
          /^The stored data of this alert cannot be read: /,
        ) as unknown,
      }),
    ]);

    // Repaired, the retried message sends that row alone.
    await putToken(stored);
    expect((await run(messages, 2)).batchItemFailures).toEqual([]);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.text).toContain('Broken key');
    expect(emails[1]!.text).not.toContain('Readable key');
    expect((await queueOf(owner.cookie, payments)).map((item) => item.status)).toEqual(['sent']);
  });

  it('sends a digest once when two workers receive it at the same time', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    for (const days of [3, 4, 5]) {
      await givenToken(owner.cookie, workspaceId, { expiresAt: inDays(days) });
    }
    const messages = await scanFor(workspaceId);
    // The second receives it once the first has claimed a row, and is done with it before the
    // first claims any other.
    let secondRun: Promise<unknown> | undefined;
    const second = channels();
    const first = channels({
      records: {
        ...alertRecordStore,
        claim: (...args) => {
          if (secondRun) return secondRun.then(() => alertRecordStore.claim(...args));
          const claimed = alertRecordStore.claim(...args);
          secondRun = claimed.then(() => second.run(messages));
          return claimed;
        },
      },
    });
    await first.run(messages);
    await secondRun;
    const rows = [...first.emails, ...second.emails].map(
      (email) => (email.text.match(/^Token \w+ expires/gm) ?? []).length,
    );
    // Each row goes out once, and in one email: the worker that claims the first row sends them
    // all, the other leaves the digest to it.
    expect(rows).toEqual([3]);
    const queue = await queueOf(owner.cookie, workspaceId);
    expect(queue.every((item) => item.status === 'sent' || item.status === 'pending')).toBe(true);
  });

  it('requeues dead-lettered rows as one digest per address', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await givenToken(owner.cookie, workspaceId, { name: 'One', expiresAt: inDays(3) });
    await givenToken(owner.cookie, workspaceId, { name: 'Two', expiresAt: inDays(4) });
    const messages = await scanFor(workspaceId);
    const failing = channels({ failEmail: () => true });
    for (let receive = 1; receive <= POLICY.maxReceiveCount; receive += 1) {
      expect((await failing.run(messages, receive)).batchItemFailures).toHaveLength(1);
    }
    const dead = await queueOf(owner.cookie, workspaceId);
    expect(dead.map((item) => [item.status, item.dead_lettered, item.attempts])).toEqual([
      ['failed', true, 3],
      ['failed', true, 3],
    ]);

    const requeued = await invoke(
      requeueAlerts,
      routeEvent({
        method: 'POST',
        path: '/api/alert-queue/requeue',
        body: { workspace_id: workspaceId },
        cookie: owner.cookie,
      }),
    );
    expect(requeued.json).toEqual({ updated: 2 });
    const again = await receiveFromQueue((message) =>
      alertRefsOf(message).some((alert) => alert.workspaceId === workspaceId),
    );
    expect(again).toEqual([expect.objectContaining({ kind: 'digest', address: owner.email })]);
    expect(alertsIn(again)).toHaveLength(2);
    const { emails, run } = channels();
    expect((await run(again)).batchItemFailures).toEqual([]);
    expect(emails.map((email) => email.subject)).toEqual(['2 API keys expire in the next 4 days']);
    const sent = await queueOf(owner.cookie, workspaceId);
    expect(sent.map((item) => [item.status, item.dead_lettered])).toEqual([
      ['sent', false],
      ['sent', false],
    ]);
  });

  it('stops further emails to an address that unsubscribed, and to that address only', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const [ada, bob] = ['ada', 'bob'].map((name) => `${name}-${randomUUID()}@example.com`);
    await givenAlertSettings(workspaceId, {
      contact_groups: [{ id: 'ops', name: 'Ops', emails: [ada!, bob!], webhook_names: [] }],
      default_contact_group_id: 'ops',
    });
    await givenToken(owner.cookie, workspaceId, { name: 'First', expiresAt: inDays(7) });
    const { emails, run } = channels();
    expect((await run(await scanFor(workspaceId))).batchItemFailures).toEqual([]);
    const adas = emails.find((email) => email.to === ada)!;
    expect(adas.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const oneClick = /^<(.+)>$/.exec(adas.headers!['List-Unsubscribe']!)![1]!;
    expect(oneClick).toMatch(/^http:\/\/localhost:4000\/api\/alert-emails\/unsubscribe\?token=/);
    const pageLink = /Stop these emails for Platform: (\S+)/.exec(adas.text)![1]!;
    expect(pageLink).toMatch(/^http:\/\/localhost:4000\/unsubscribe\?token=/);
    // The footer's link for every workspace of the digest opens the same page (a click is a GET).
    const stopAll = /Stop all these emails: (\S+)/.exec(adas.text)![1]!;
    expect(stopAll).toMatch(/^http:\/\/localhost:4000\/unsubscribe\?token=/);

    // The mail client's one-click POST, as RFC 8058 has it.
    const url = new URL(oneClick);
    const stopped = await invoke(
      unsubscribe,
      apiGatewayEvent({
        method: 'POST',
        path: url.pathname,
        query: url.search.slice(1),
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(stopped.json).toEqual({
      kind: 'alerts',
      address: ada,
      workspaces: [{ id: workspaceId, name: 'Platform' }],
      subscribed: false,
    });

    // A digest already on its way leaves ada's row out; the next scan plans no email to her.
    await givenToken(owner.cookie, workspaceId, { name: 'Second', expiresAt: inDays(6) });
    const next = await scanFor(workspaceId);
    expect(next.map((message) => 'address' in message && message.address)).toEqual([bob]);
    const inFlight = {
      kind: 'digest' as const,
      digestId: randomUUID(),
      address: ada!,
      alerts: alertsIn(next),
    };
    const later = channels();
    expect((await later.run([...next, inFlight])).batchItemFailures).toEqual([]);
    expect(later.emails.map((email) => [email.to, email.subject])).toEqual([
      [bob, 'Second expires in 6 days'],
    ]);
  });

  it("adds a token's owner to its alert's recipients whatever the groups say, once", async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const member = await givenMember(workspaceId, 'viewer');
    const ada = `ada-${randomUUID()}@example.com`;
    await givenAlertSettings(workspaceId, {
      contact_groups: [
        { id: 'ops', name: 'Ops', emails: [ada, member.email.toUpperCase()], webhook_names: [] },
        { id: 'web', name: 'Web', emails: [ada], webhook_names: [] },
      ],
      default_contact_group_id: 'ops',
    });
    // The owner is outside the token's group: in the digest all the same, said why.
    await givenToken(owner.cookie, workspaceId, {
      name: 'Alpha',
      expiresAt: inDays(7),
      contact_group_id: 'web',
      owner_id: member.userId,
    });
    // The owner is in the group too (another case of the address): one email, not two.
    await givenToken(owner.cookie, workspaceId, {
      name: 'Bravo',
      expiresAt: inDays(6),
      owner_id: member.userId,
    });
    // No owner: the group alone, as before.
    await givenToken(owner.cookie, workspaceId, {
      name: 'Charlie',
      expiresAt: inDays(5),
      contact_group_id: 'web',
    });

    const rowsIn = (text: string) =>
      namesIn(
        text,
        ['Alpha', 'Bravo', 'Charlie'].filter((name) => text.includes(`\n${name} `)),
      );
    const messages = await scanFor(workspaceId);
    // One digest for the member, under whichever case of the address the scan met first.
    const addresses = messages.map((message) =>
      'address' in message ? message.address.toLowerCase() : undefined,
    );
    expect(addresses.sort()).toEqual([ada, member.email].sort());
    const { emails, run } = channels();
    expect((await run(messages)).batchItemFailures).toEqual([]);
    const toMember = emails.filter((email) => email.to.toLowerCase() === member.email);
    expect(toMember).toHaveLength(1);
    expect(rowsIn(toMember[0]!.text)).toEqual(['Bravo', 'Alpha']);
    expect(toMember[0]!.text).toContain('You are the owner of these tokens in Platform.');
    const toAda = emails.find((email) => email.to === ada)!;
    expect(rowsIn(toAda.text)).toEqual(['Charlie', 'Bravo', 'Alpha']);
  });

  it('passes a window no address is left to get without an alert waiting in the queue', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await addAlertEmailOptOut(workspaceId, owner.email, new Date());
    const token = await givenToken(owner.cookie, workspaceId, {
      name: 'Nobody',
      expiresAt: inDays(7),
    });

    // The owner, its only recipient, stopped the emails: nothing to send, nothing left pending.
    expect(await scanFor(workspaceId)).toEqual([]);
    expect(await queueOf(owner.cookie, workspaceId)).toEqual([]);
    const passed = await tokenItem(workspaceId, token.id);
    expect(passed).toMatchObject({ lastAlertThreshold: 7 });
    expect(await scanFor(workspaceId)).toEqual([]);

    // Resumed, the owner gets the next window (1 day before expiry), not the one passed.
    await removeAlertEmailOptOut(workspaceId, owner.email);
    const next = await scanFor(workspaceId, new Date(passed.nextAlertAt as string));
    expect(alertsIn(next)).toEqual([expect.objectContaining({ tokenId: token.id, threshold: 1 })]);
    const queue = await queueOf(owner.cookie, workspaceId);
    expect(queue.map((item) => [item.threshold, item.status])).toEqual([[1, 'pending']]);
  });

  it('skips an address SES reported bouncing, showing "address bounced" on that recipient', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    await givenToken(owner.cookie, workspaceId, { name: 'Bounced', expiresAt: inDays(7) });
    const messages = await scanFor(workspaceId);
    expect(messages).toHaveLength(1);
    // The bounce of an earlier email arrives (SES -> SNS -> the feedback job) before this digest.
    await handleEmailFeedback(snsEventOf([sesPermanentBounce(owner.email)]));

    const { emails, run } = channels();
    expect((await run(messages)).batchItemFailures).toEqual([]);
    expect(emails).toEqual([]);
    const [item] = await queueOf(owner.cookie, workspaceId);
    expect(item!.channels[0]!.recipients).toEqual([
      expect.objectContaining({
        target: owner.email,
        status: 'skipped',
        last_error: SKIP_REASONS.bounced,
      }),
    ]);
    expect(SKIP_REASONS.bounced).toMatch(/^Address bounced/);
    await removeEmailSuppression(owner.email);
  });

  it('holds alerts outside the delivery window and sends them when it opens; expiry-day ones at once', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    // A one-hour window two hours from now (UTC), every day: now is outside it.
    const hour = (new Date().getUTCHours() + 2) % 24;
    const start = `${String(hour).padStart(2, '0')}:00`;
    const end = `${String((hour + 1) % 24).padStart(2, '0')}:00`;
    await givenAlertSettings(workspaceId, {
      delivery_window: {
        time_zone: 'UTC',
        days: [1, 2, 3, 4, 5, 6, 7],
        start,
        end,
        urgent_any_time: true,
      },
    });
    const later = await givenToken(owner.cookie, workspaceId, {
      name: 'Later',
      expiresAt: inDays(7),
    });
    const today = buildToken(workspaceId, { name: 'Today', expiresAt: inDays(0) });
    await seedTokens(workspaceId, [today], 1, () => ({
      nextAlertAt: `${inDays(0)}T00:00:00.000Z`,
      lastAlert: null,
    }));

    const urgent = await scanFor(workspaceId);
    expect(alertsIn(urgent).map((alert) => alert.tokenId)).toEqual([today.id]);
    const opens = new Date();
    opens.setUTCHours(hour, 0, 0, 0);
    if (opens.getTime() < Date.now()) opens.setUTCDate(opens.getUTCDate() + 1);
    expect((await tokenItem(workspaceId, later.id)).nextAlertAt).toBe(opens.toISOString());

    // Just before the window opens nothing is due; at its start the held alert goes out.
    expect(await scanFor(workspaceId, new Date(opens.getTime() - 60_000))).toEqual([]);
    const released = await scanFor(workspaceId, opens);
    expect(alertsIn(released)).toEqual([
      expect.objectContaining({ tokenId: later.id, threshold: 7 }),
    ]);
    const { emails, run } = channels();
    expect((await run([...urgent, ...released])).batchItemFailures).toEqual([]);
    expect(emails.map((email) => email.subject).sort()).toEqual([
      'Later expires in 7 days',
      'Today expires today',
    ]);
  });

  it('keeps a Monday-to-Friday window saved through the settings route, and holds a Saturday alert until Monday', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const route = '/api/v1/workspaces/{id}/alert-settings';
    const weekdays = {
      time_zone: 'UTC',
      days: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '17:00',
      urgent_any_time: true,
    };
    const saved = await invoke(
      putAlertSettings,
      routeRequest('PUT', route, {
        params: { id: workspaceId },
        cookie: owner.cookie,
        body: {
          email_alerts_enabled: true,
          webhook_urls: [],
          contact_groups: [],
          default_contact_group_id: null,
          thresholds: [30, 14, 7, 1, 0],
          delivery_window: weekdays,
        },
      }),
    );
    expect(saved.statusCode).toBe(200);
    const readBack = await invoke(
      getAlertSettings,
      routeRequest('GET', route, { params: { id: workspaceId }, cookie: owner.cookie }),
    );
    expect((readBack.json as { delivery_window: unknown }).delivery_window).toEqual(weekdays);

    // The next Saturday noon (UTC) after now, and the Monday 09:00 after it.
    const saturday = new Date();
    saturday.setUTCHours(12, 0, 0, 0);
    while (saturday.getUTCDay() !== 6 || saturday.getTime() <= Date.now()) {
      saturday.setUTCDate(saturday.getUTCDate() + 1);
    }
    const monday = new Date(saturday);
    monday.setUTCDate(saturday.getUTCDate() + 2);
    monday.setUTCHours(9, 0, 0, 0);
    // 20 days left on that Monday, whichever day today is: inside the 30-day threshold from now
    // (at most 29 days left today), and not yet inside the 14-day one when it is released.
    const daysUntilMonday = Math.ceil((monday.getTime() - Date.now()) / 86_400_000);
    const token = await givenToken(owner.cookie, workspaceId, {
      name: 'Weekend',
      expiresAt: inDays(daysUntilMonday + 20),
    });

    expect(await scanFor(workspaceId, saturday)).toEqual([]);
    expect((await tokenItem(workspaceId, token.id)).nextAlertAt).toBe(monday.toISOString());
    const released = await scanFor(workspaceId, monday);
    expect(alertsIn(released)).toEqual([
      expect.objectContaining({ tokenId: token.id, threshold: 30 }),
    ]);
  });

  it('escalates a token still not renewed its delay after the last window, once; a renewed one never', async () => {
    const { workspaceId, owner } = await givenWorkspace({ plan: 'pro' });
    const [ada, lee] = ['ada', 'lee'].map((name) => `${name}-${randomUUID()}@example.com`);
    await givenAlertSettings(workspaceId, {
      contact_groups: [
        {
          id: 'ops',
          name: 'Ops',
          emails: [ada!],
          webhook_names: [],
          escalation: { group_id: 'leads', delay_hours: 6 },
        },
        { id: 'leads', name: 'Leads', emails: [lee!], webhook_names: [] },
      ],
      default_contact_group_id: 'ops',
    });
    const day0 = new Date(`${inDays(0)}T00:00:00.000Z`);
    const hoursAfter = (hours: number) => new Date(day0.getTime() + hours * 3_600_000);
    const kept = buildToken(workspaceId, { name: 'Unrenewed', expiresAt: inDays(0) });
    const renewed = buildToken(workspaceId, { name: 'Renewed', expiresAt: inDays(0) });
    await seedTokens(workspaceId, [kept, renewed], 1, () => ({
      nextAlertAt: day0.toISOString(),
      lastAlert: null,
    }));

    // The expiry-day window goes to Ops; both tokens are then armed for the escalation.
    const lastWindow = await scanFor(workspaceId, hoursAfter(1));
    expect(lastWindow.map((message) => 'address' in message && message.address)).toEqual([ada]);
    for (const token of [kept, renewed]) {
      expect((await tokenItem(workspaceId, token.id)).nextAlertAt).toBe(
        hoursAfter(6).toISOString(),
      );
    }
    expect(await scanFor(workspaceId, new Date(hoursAfter(6).getTime() - 60_000))).toEqual([]);
    expect(
      (await updateRequest(owner.cookie, renewed.id, { expiresAt: inDays(300) })).statusCode,
    ).toBe(200);

    const escalation = await scanFor(workspaceId, hoursAfter(6));
    expect(escalation).toEqual([expect.objectContaining({ kind: 'digest', address: lee })]);
    expect(alertsIn(escalation).map((alert) => alert.tokenId)).toEqual([kept.id]);
    const { emails, run } = channels();
    expect((await run([...lastWindow, ...escalation])).batchItemFailures).toEqual([]);
    const lees = emails.filter((email) => email.to === lee);
    expect(lees.map((email) => email.subject)).toEqual(['Escalation: Unrenewed expires today']);
    expect(lees[0]!.text).toContain('Escalated: still not renewed after its last alert');
    expect(lees[0]!.text).toContain(
      'Escalated: you are in the contact group Leads of Platform, which gets the alerts of Ops once more when a token is still not renewed 6 hours after its last alert.',
    );
    expect(lees[0]!.html).toContain('Escalated: still not renewed after its last alert');

    // Recorded once: a later scan, or the same message again, sends nothing more.
    const item = await tokenItem(workspaceId, kept.id);
    expect(item).toMatchObject({ lastAlertThreshold: 0, lastAlertEscalated: true });
    expect(item.nextAlertAt).toBeUndefined();
    expect(await scanFor(workspaceId, hoursAfter(30))).toEqual([]);
    expect((await run(escalation, 2)).batchItemFailures).toEqual([]);
    expect(emails.filter((email) => email.to === lee)).toHaveLength(1);
    const queue = await queueOf(owner.cookie, workspaceId);
    expect(
      queue
        .filter((entry) => entry.escalation)
        .map((entry) => [entry.token_name, entry.threshold, entry.status]),
    ).toEqual([['Unrenewed', 0, 'sent']]);
    expect(queue.filter((entry) => entry.escalation)[0]!.channels).toEqual([
      expect.objectContaining({
        channel: 'email',
        recipients: [expect.objectContaining({ target: lee, status: 'sent' })],
      }),
    ]);
  });
});
