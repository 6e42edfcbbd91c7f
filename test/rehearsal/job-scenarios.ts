/**
 * The jobs' recorded events, as the deployment delivers them: the EventBridge scheduled events of
 * the scan's and the weekly summary's rules, and SQS batches of the messages the scan really enqueued, received from the
 * emulated alert queue the way Lambda's event source mapping receives them (attributes, receipt
 * handles; successes deleted afterwards, failures left for a retry).
 */
import { randomUUID } from 'node:crypto';
import {
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { ScheduledEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { LambdaFunction } from './cloud-assembly';
import type { EventPurpose, ScenarioContext } from './scenario-context';

export const JOBS = {
  expiryScan: 'ExpiryScan',
  alertWorker: 'AlertWorker',
  weeklySummary: 'WeeklySummary',
  endpointDispatch: 'EndpointDispatch',
  endpointCheckWorker: 'EndpointCheckWorker',
  integrationSyncDispatch: 'IntegrationSyncDispatch',
  integrationSyncWorker: 'IntegrationSyncWorker',
  registrationDispatch: 'RegistrationDispatch',
  registrationCheckWorker: 'RegistrationCheckWorker',
  rdapBootstrapRefresh: 'RdapBootstrapRefresh',
  ctWatchDispatch: 'CtWatchDispatch',
  ctWatchWorker: 'CtWatchWorker',
} as const;

/** The job of a function that no HTTP route invokes: the construct id below its stack. */
export function jobOf(fn: LambdaFunction): string | undefined {
  if (fn.triggers.some((trigger) => trigger.kind === 'http')) return undefined;
  return fn.path.split('/')[1];
}

/** The event of the schedule rule of `job` (a ScheduledJob's rule: `<job>Schedule…`). */
export function scheduledEvent(
  context: ScenarioContext,
  job: string = JOBS.expiryScan,
): ScheduledEvent {
  const { region } = context.deployment;
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/ExpiryRadarJobs-${job}Schedule`],
    detail: {},
  };
}

function sqsClient(context: ScenarioContext): SQSClient {
  return new SQSClient({
    endpoint: context.deployment.sqsEndpoint,
    region: context.deployment.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Receives as the event source mapping does (every attribute, up to ten messages at a time) until
 * messages that `belongs` accepts arrive. Other scenarios send to the same queue meanwhile; their
 * messages stay received (invisible) and are neither handed over nor deleted.
 */
async function receiveOwn(
  client: SQSClient,
  queueUrl: string,
  belongs: (message: Message) => boolean,
  expected = 1,
): Promise<Message[]> {
  const own: Message[] = [];
  for (let attempt = 0; attempt < 5 && own.length < expected; attempt += 1) {
    const { Messages } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
        WaitTimeSeconds: 1,
      }),
    );
    own.push(...(Messages ?? []).filter(belongs));
  }
  return own;
}

function sqsEventOf(
  messages: readonly Message[],
  context: ScenarioContext,
  queueArn = context.deployment.alertQueueArn,
): SQSEvent {
  return {
    Records: messages.map((message) => ({
      messageId: message.MessageId ?? '',
      receiptHandle: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.now()),
        SenderId: 'AROAREHEARSAL',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
        ...(message.Attributes as object),
      },
      messageAttributes: {},
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: context.deployment.region,
    })),
  };
}

/** What the event source mapping does with the answer: deletes every message not reported failed. */
async function settle(
  client: SQSClient,
  context: ScenarioContext,
  messages: readonly Message[],
  answer: SQSBatchResponse | undefined,
  queueUrl = context.deployment.alertQueueUrl,
): Promise<string[]> {
  const failed = new Set((answer?.batchItemFailures ?? []).map((item) => item.itemIdentifier));
  for (const message of messages) {
    if (failed.has(message.MessageId ?? '')) continue;
    await client.send(
      new DeleteMessageCommand({
        QueueUrl: queueUrl,
        ReceiptHandle: message.ReceiptHandle,
      }),
    );
  }
  return [...failed];
}

/**
 * A token due for an alert (created through its route) in a workspace with a webhook and the
 * Slack app (installed through its routes), the scheduled scan that enqueues its email and its
 * webhooks, the worker's batch that emails it, posts it with the Slack app (its bot token opened)
 * and cannot reach the webhook (no network: the message is reported failed after its visibility
 * is set to the retry's backoff), a second scan that enqueues nothing new (nor for a token whose
 * only recipient stopped the workspace's alert emails), and a batch holding a
 * message that is no alert, which the worker must report failed (partial batch response).
 */
async function alertPipeline(context: ScenarioContext): Promise<void> {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { givenAlertSettings } =
    await import('../../functions/test-support/alert-settings-fixtures');
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  await givenAlertSettings(workspaceId, {
    webhook_urls: [{ name: 'ops', kind: 'generic', url: 'https://hooks.rehearsal.invalid/alerts' }],
  });
  const { installSlackApp } = await import('./route-scenarios');
  await installSlackApp(context, 'setup', owner, workspaceId);
  const slackMessagesBefore = context.deployment.slack.messages().length;
  await context.call(
    'createToken',
    'setup',
    {
      session: owner,
      body: {
        name: 'Rehearsal deploy key',
        category: 'key_secret',
        type: 'api_key',
        expiresAt: addCalendarDays(new Date(), 3),
        workspace_id: workspaceId,
      },
    },
    201,
  );

  const client = sqsClient(context);
  const queueUrl = context.deployment.alertQueueUrl;
  const ofWorkspace = (message: Message) => (message.Body ?? '').includes(workspaceId);
  try {
    await context.invokeJob(JOBS.expiryScan, 'happy', scheduledEvent(context));
    // The owner's email digest and the alert's webhooks.
    const messages = await receiveOwn(client, queueUrl, ofWorkspace, 2);
    if (messages.length !== 2) {
      context.fail(
        JOBS.expiryScan,
        `the scan enqueued ${messages.length} messages for a token due in 3 days (an email and a webhook)`,
      );
      return;
    }
    const delivered = await context.invokeJob(
      JOBS.alertWorker,
      'happy',
      sqsEventOf(messages, context),
    );
    const failedIds = await settle(client, context, messages, delivered.result as SQSBatchResponse);
    const failed = messages.filter((message) => failedIds.includes(message.MessageId ?? ''));
    if (failed.length !== 1 || (failed[0]?.Body ?? '').includes('digestId')) {
      context.fail(
        JOBS.alertWorker,
        `the worker reported ${failedIds.length} of ${messages.length} messages failed (expected the unreachable webhook's)`,
      );
    }
    // The queue would hand the webhook's message out again after the backoff; it ends here.
    for (const message of failed) {
      await client.send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
      );
    }
    const emails = await context.emailsTo(owner.email);
    if (emails.length === 0)
      context.fail(JOBS.alertWorker, `no alert email reached ${owner.email}`);
    if (context.deployment.slack.messages().length === slackMessagesBefore) {
      context.fail(JOBS.alertWorker, 'no alert reached the Slack stand-in through the Slack app');
    }

    // A workspace whose only recipient stopped its alert emails: the second scan passes its
    // token's window without a record (after looking for one) and enqueues nothing for it.
    const { addAlertEmailOptOut } = await import('../../functions/src/data/alert-email-opt-outs');
    const unaddressed = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
    await addAlertEmailOptOut(unaddressed, owner.email, new Date());
    await context.call(
      'createToken',
      'setup',
      {
        session: owner,
        body: {
          name: 'Rehearsal key nobody gets',
          category: 'key_secret',
          type: 'api_key',
          expiresAt: addCalendarDays(new Date(), 3),
          workspace_id: unaddressed,
        },
      },
      201,
    );

    await context.invokeJob(JOBS.expiryScan, 'happy', scheduledEvent(context));
    const again = await receiveOwn(
      client,
      queueUrl,
      (message) => ofWorkspace(message) || (message.Body ?? '').includes(unaddressed),
    );
    if (again.length > 0) {
      context.fail(
        JOBS.expiryScan,
        'a second scan enqueued the same alert again, or an alert nobody was left to get',
      );
    }

    const marker = randomUUID();
    await client.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify({ notAnAlert: marker }),
      }),
    );
    const malformed = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(marker),
    );
    const refused = await context.invokeJob(
      JOBS.alertWorker,
      'refusal',
      sqsEventOf(malformed, context),
    );
    const refusedIds = await settle(client, context, malformed, refused.result as SQSBatchResponse);
    if (malformed.length === 0 || refusedIds.length !== malformed.length) {
      context.fail(
        JOBS.alertWorker,
        'the worker did not report a message that is no alert as failed',
      );
    }
  } finally {
    client.destroy();
  }
}

/**
 * A verified user whose weekly summary is due (turned on over a week ago, never sent), with a
 * token expiring in 5 days: the scheduled run emails them one summary listing it, a second run
 * sends nothing more (claimed until next Monday), and the summary's stop link (signed by the job)
 * stops it through the unsubscribe route.
 */
async function weeklySummary(context: ScenarioContext): Promise<void> {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { saveWeeklySummary } = await import('@expiry-radar/functions/data/weekly-summary-records');
  const user = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: user.userId, plan: 'team' });
  const tokenName = `Rehearsal summary key ${randomUUID().slice(0, 8)}`;
  await context.call(
    'createToken',
    'setup',
    {
      session: user,
      body: {
        name: tokenName,
        category: 'key_secret',
        type: 'api_key',
        expiresAt: addCalendarDays(new Date(), 5),
        workspace_id: workspaceId,
      },
    },
    201,
  );
  await saveWeeklySummary({
    userId: user.userId,
    enabled: true,
    timeZone: 'UTC',
    now: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
  });

  await context.invokeJob(JOBS.weeklySummary, 'happy', scheduledEvent(context, JOBS.weeklySummary));
  const emails = await context.emailsTo(user.email);
  const summary = emails[0];
  if (emails.length !== 1 || !summary) {
    context.fail(JOBS.weeklySummary, `${emails.length} weekly summaries reached ${user.email}`);
    return;
  }
  if (!(summary.body.text ?? '').includes(tokenName)) {
    context.fail(JOBS.weeklySummary, `the weekly summary does not list ${tokenName}`);
  }
  await context.invokeJob(JOBS.weeklySummary, 'happy', scheduledEvent(context, JOBS.weeklySummary));
  const after = await context.emailsTo(user.email);
  if (after.length !== 1) {
    context.fail(JOBS.weeklySummary, 'a second run sent the same weekly summary again');
  }

  const stopToken = /\/unsubscribe\?token=([A-Za-z0-9._-]+)/.exec(summary.body.text ?? '')?.[1];
  if (!stopToken) {
    context.fail(JOBS.weeklySummary, 'the weekly summary has no link that stops it');
  } else {
    const stopped = await context.call(
      'unsubscribeAlertEmails',
      'setup',
      { query: { token: stopToken }, body: {} },
      200,
    );
    const { kind, subscribed } = stopped.json as { kind?: string; subscribed?: boolean };
    if (kind !== 'weekly_summary' || subscribed !== false) {
      context.fail(JOBS.weeklySummary, `its stop link answered ${stopped.body.slice(0, 200)}`);
    }
  }
}

/**
 * A certificate with an endpoint (created through its route, which enqueues its first check at
 * once; taken off, the schedule made due again): the scheduled dispatcher enqueues
 * one check for it, the worker's batch checks it (no network in the rehearsal: the host is not
 * found, a first failure written on the endpoint); the next two checks of it (the same message,
 * as the dispatcher enqueues it each time it is due) find it unreachable three times in a row, a
 * problem alerted at once (through the alert queue); a message that is no check is reported
 * failed.
 */
async function endpointChecks(context: ScenarioContext): Promise<void> {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { findToken } = await import('@expiry-radar/functions/data/token-records');
  const { keys } = await import('@expiry-radar/functions/data/keys');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const created = await context.call(
    'createToken',
    'setup',
    {
      session: owner,
      body: {
        name: 'Rehearsal shop certificate',
        category: 'cert',
        type: 'ssl_cert',
        expiresAt: addCalendarDays(new Date(), 40),
        workspace_id: workspaceId,
        endpoints: [{ host: 'shop.rehearsal.invalid', port: 443 }],
      },
    },
    201,
  );
  const tokenId = (created.json as { id: string }).id;
  const client = sqsClient(context);
  const { endpointCheckQueueUrl: queueUrl, endpointCheckQueueArn: queueArn } = context.deployment;
  try {
    // Saved, its endpoint went on the queue at once, its schedule moved on: that check is taken
    // off, and the schedule made due again, as after its interval.
    const saved = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(tokenId),
    );
    if (saved.length !== 1) {
      context.fail('createToken', `${saved.length} checks enqueued for one endpoint saved`);
      return;
    }
    await settle(client, context, saved, undefined, queueUrl);
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: context.deployment.tableName,
        Key: keys.endpointSchedule(workspaceId, tokenId),
        UpdateExpression: 'SET nextAlertAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    await context.invokeJob(
      JOBS.endpointDispatch,
      'happy',
      scheduledEvent(context, JOBS.endpointDispatch),
    );
    const checks = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(tokenId),
    );
    if (checks.length !== 1) {
      context.fail(JOBS.endpointDispatch, `${checks.length} checks enqueued for one endpoint`);
      return;
    }
    const checked = await context.invokeJob(
      JOBS.endpointCheckWorker,
      'happy',
      sqsEventOf(checks, context, queueArn),
    );
    await settle(client, context, checks, checked.result as SQSBatchResponse, queueUrl);
    const token = await findToken(workspaceId, tokenId);
    const status = token?.endpoints?.[0]?.last_check?.status;
    if (status !== 'failing') {
      context.fail(JOBS.endpointCheckWorker, `the endpoint's check reads ${String(status)}`);
    }
    for (let check = 2; check <= 3; check += 1) {
      await client.send(
        new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: checks[0]?.Body ?? '' }),
      );
      const next = await receiveOwn(client, queueUrl, (message) =>
        (message.Body ?? '').includes(tokenId),
      );
      const answer = await context.invokeJob(
        JOBS.endpointCheckWorker,
        'happy',
        sqsEventOf(next, context, queueArn),
      );
      await settle(client, context, next, answer.result as SQSBatchResponse, queueUrl);
    }
    const after = (await findToken(workspaceId, tokenId))?.endpoints?.[0]?.last_check;
    if (after?.problem !== 'unreachable' || !after.alerted_at) {
      context.fail(
        JOBS.endpointCheckWorker,
        `after three failed checks the endpoint reads ${JSON.stringify(after)}`,
      );
    }

    const marker = randomUUID();
    await client.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ marker }) }),
    );
    const malformed = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(marker),
    );
    const refused = await context.invokeJob(
      JOBS.endpointCheckWorker,
      'refusal',
      sqsEventOf(malformed, context, queueArn),
    );
    const refusedIds = await settle(
      client,
      context,
      malformed,
      refused.result as SQSBatchResponse,
      queueUrl,
    );
    if (malformed.length === 0 || refusedIds.length !== malformed.length) {
      context.fail(JOBS.endpointCheckWorker, 'a message that is no check was not reported failed');
    }
  } finally {
    client.destroy();
  }
}

/**
 * Enabled Vault (a token), GitHub (signing in as a GitHub App), Azure (a client secret), Google
 * Cloud (a service account key, and workload identity federation: the federation role assumed in
 * the workspace's session signs the token exchange) and AWS (assuming the customer's role, which
 * STS refuses)
 * integrations on the daily schedule (created through their route), the scheduled dispatch that
 * enqueues each once, and the worker's batches that sync them: each opens its credentials (KMS
 * Decrypt; GitHub's and Google Cloud's also sign a JWT with their private key), reads its
 * provider's stand-in through the SSRF guard (emulated-deployment.ts) and writes the tokens it
 * found; the AWS one records the refusal in its last sync. Then the Azure integration, whose
 * rules delete what was removed at source a day ago, syncs twice more from messages of its own: a
 * secret rotated and another gone (no creation: the transaction checks the workspace item it does
 * not change), then, the mark a day old and a part of the vault answering 500, the token deleted
 * and the message tried again after its backoff. A message that is no sync is reported failed.
 */
async function integrationSyncs(context: ScenarioContext): Promise<void> {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { findIntegration } = await import('@expiry-radar/functions/data/integration-records');
  const { listAllTokens } = await import('@expiry-radar/functions/data/token-records');
  const { keys } = await import('@expiry-radar/functions/data/keys');
  const { getDocumentClient } = await import('@expiry-radar/functions/platform/aws-clients');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { azure, gcp, github, vault } = context.deployment.discovery;
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  vault.setSecrets('kv', { 'billing/stripe': { expires_at: at(30).slice(0, 10) } });
  github.setOrganization('acme', {
    tokens: [{ id: 1, owner: 'mona', token_name: 'deploy', token_expires_at: at(40) }],
  });
  azure.setState({
    vaults: {
      ops: {
        secrets: [
          { name: 'db', expires: at(30) },
          { name: 'queue', expires: at(45) },
        ],
      },
    },
  });
  gcp.setState({
    projects: { 'rehearsal-project': { secrets: [{ id: 'api', expireTime: at(50) }] } },
  });

  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const create = async (body: Record<string, unknown>): Promise<string> => {
    const created = await context.call(
      'createIntegration',
      'setup',
      {
        session: owner,
        params: { id: workspaceId },
        body: { schedule: 'daily', enabled: true, ...body },
      },
      201,
    );
    return (created.json as { id: string }).id;
  };
  const integrationId = await create({
    kind: 'vault',
    name: 'Rehearsal Vault',
    settings: { address: vault.address, kv_mounts: ['kv'] },
    credentials: { token: vault.token },
  });
  const githubId = await create({
    kind: 'github',
    name: 'Rehearsal GitHub',
    settings: { api_url: github.apiUrl, organization: 'acme' },
    credentials: { app_id: github.appId, private_key: github.appPrivateKey },
  });
  const azureId = await create({
    kind: 'azure',
    name: 'Rehearsal Azure',
    settings: {
      tenant_id: azure.tenantId,
      authority_host: azure.url,
      graph_url: azure.url,
      management_url: azure.url,
      app_registrations: false,
      vault_urls: [azure.vaultUrl('ops')],
    },
    credentials: { client_id: azure.clientId, client_secret: azure.clientSecret },
    rules: { removed: 'delete', delete_after_days: 1 },
  });
  const gcpId = await create({
    kind: 'gcp',
    name: 'Rehearsal Google Cloud',
    settings: {
      project_ids: ['rehearsal-project'],
      token_url: gcp.tokenUrl,
      secret_manager_url: gcp.url,
      iam_url: gcp.url,
    },
    credentials: { service_account_key: gcp.serviceAccountKey },
  });
  // No key: the federation role's session of the workspace signs the token exchange.
  const federatedId = await create({
    kind: 'gcp',
    name: 'Rehearsal Google Cloud, federated',
    settings: {
      project_ids: ['rehearsal-project'],
      secret_manager_url: gcp.url,
      iam_url: gcp.url,
      sts_url: gcp.url,
      iam_credentials_url: gcp.url,
      sign_in: 'workload_identity',
      workload_identity_provider: gcp.workloadIdentityProvider,
      service_account_email: gcp.federatedServiceAccount,
    },
    credentials: {},
  });
  // The customer's role does not trust the deployment (the STS stand-in refuses their roles).
  const roleArn = 'arn:aws:iam::123456789012:role/ExpiryRadarDiscovery';
  const awsId = await create({
    kind: 'aws',
    name: 'Rehearsal AWS',
    settings: { role_arn: roleArn, regions: ['eu-west-1'] },
  });
  const reached = [integrationId, githubId, azureId, gcpId, federatedId];
  const client = sqsClient(context);
  const { integrationSyncQueueUrl: queueUrl, integrationSyncQueueArn: queueArn } =
    context.deployment;
  /** Runs the worker on the messages given; answers the ids it reported failed. */
  const work = async (messages: readonly Message[], purpose: EventPurpose = 'happy') => {
    const outcome = await context.invokeJob(
      JOBS.integrationSyncWorker,
      purpose,
      sqsEventOf(messages, context, queueArn),
    );
    return settle(client, context, messages, outcome.result as SQSBatchResponse, queueUrl);
  };
  /** A sync of the Azure integration of its own (as the dispatcher would send it). */
  const syncAzure = async () => {
    await client.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify({ workspaceId, integrationId: azureId }),
      }),
    );
    return work(
      await receiveOwn(client, queueUrl, (message) => (message.Body ?? '').includes(azureId)),
    );
  };
  const azureTokens = async () =>
    (await listAllTokens(workspaceId))
      .map(({ token }) => token)
      .filter((token) => token.source?.integration_id === azureId);
  try {
    await context.invokeJob(
      JOBS.integrationSyncDispatch,
      'happy',
      scheduledEvent(context, JOBS.integrationSyncDispatch),
    );
    // Every message is taken as it comes (one received but left unused would stay invisible).
    const ids = [...reached, awsId];
    const ours = (message: Message) => ids.some((id) => (message.Body ?? '').includes(id));
    const received: Message[] = [];
    for (let round = 0; round < ids.length && received.length < ids.length; round += 1) {
      received.push(...(await receiveOwn(client, queueUrl, ours)));
    }
    const messagesOf = (id: string) =>
      received.filter((message) => (message.Body ?? '').includes(id));
    if (ids.some((id) => messagesOf(id).length !== 1)) {
      context.fail(
        JOBS.integrationSyncDispatch,
        `${received.length} syncs enqueued for ${ids.length} integrations`,
      );
      return;
    }
    for (const id of ids) await work(messagesOf(id));
    for (const id of reached) {
      const lastSync = (await findIntegration(workspaceId, id))?.lastSync;
      if (!lastSync || lastSync.created === 0 || lastSync.errors.length > 0) {
        context.fail(
          JOBS.integrationSyncWorker,
          `the sync of ${id} did not write the tokens its stand-in holds: ${JSON.stringify(lastSync)}`,
        );
      }
    }
    const refusal = (await findIntegration(workspaceId, awsId))?.lastSync?.errors ?? [];
    if (refusal.length !== 1 || !refusal[0]?.includes(`Could not assume the role ${roleArn}`)) {
      context.fail(
        JOBS.integrationSyncWorker,
        `the refused role is not recorded: ${JSON.stringify(refusal)}`,
      );
    }

    azure.setState({ vaults: { ops: { secrets: [{ name: 'db', expires: at(400) }] } } });
    await syncAzure();
    const marked = (await azureTokens()).find((token) => token.source?.removed_at);
    const rotated = (await findIntegration(workspaceId, azureId))?.lastSync;
    if (!marked || rotated?.updated !== 1 || rotated.removed !== 1) {
      context.fail(
        JOBS.integrationSyncWorker,
        `the rotation and the removal were not synced: ${JSON.stringify(rotated)}`,
      );
      return;
    }
    await getDocumentClient().send(
      new UpdateCommand({
        TableName: context.deployment.tableName,
        Key: keys.token(workspaceId, marked.id),
        UpdateExpression: 'SET #source.removed_at = :dayAgo',
        ExpressionAttributeNames: { '#source': 'source' },
        ExpressionAttributeValues: { ':dayAgo': at(-1.5) },
      }),
    );
    azure.fail({ path: '/vaults/ops/keys', status: 500 });
    const retried = await syncAzure();
    if (retried.length !== 1 || (await azureTokens()).length !== 1) {
      context.fail(
        JOBS.integrationSyncWorker,
        `the token removed a day ago was not deleted, or the failed part not retried (${retried.length} retried)`,
      );
    }

    const marker = randomUUID();
    await client.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ marker }) }),
    );
    const malformed = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(marker),
    );
    const refusedIds = await work(malformed, 'refusal');
    if (malformed.length === 0 || refusedIds.length !== malformed.length) {
      context.fail(JOBS.integrationSyncWorker, 'a message that is no sync was not reported failed');
    }
  } finally {
    client.destroy();
  }
}

/**
 * A domain registration token following its domain (created through its route): the scheduled
 * dispatcher enqueues one lookup for it, the worker's batch looks it up (no network in the
 * rehearsal: the registry is not reached, the token keeps its date and its check says why), and a
 * message that is no check is reported failed. The weekly bootstrap job cannot reach IANA either:
 * it keeps what was stored and answers why.
 */
async function registrationChecks(context: ScenarioContext): Promise<void> {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { findToken } = await import('@expiry-radar/functions/data/token-records');
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const expiresAt = addCalendarDays(new Date(), 40);
  const created = await context.call(
    'createToken',
    'setup',
    {
      session: owner,
      body: {
        name: 'Rehearsal domain',
        category: 'license',
        type: 'domain_registration',
        expiresAt,
        workspace_id: workspaceId,
        registration_domain: 'rehearsal-example.com',
      },
    },
    201,
  );
  const tokenId = (created.json as { id: string }).id;
  const client = sqsClient(context);
  const { registrationCheckQueueUrl: queueUrl, registrationCheckQueueArn: queueArn } =
    context.deployment;
  try {
    await context.invokeJob(
      JOBS.registrationDispatch,
      'happy',
      scheduledEvent(context, JOBS.registrationDispatch),
    );
    const checks = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(tokenId),
    );
    if (checks.length !== 1) {
      context.fail(JOBS.registrationDispatch, `${checks.length} lookups enqueued for one domain`);
      return;
    }
    const checked = await context.invokeJob(
      JOBS.registrationCheckWorker,
      'happy',
      sqsEventOf(checks, context, queueArn),
    );
    await settle(client, context, checks, checked.result as SQSBatchResponse, queueUrl);
    const token = await findToken(workspaceId, tokenId);
    const check = token?.registration?.last_check;
    if (check?.status !== 'failing' || token?.expiresAt !== expiresAt || !check.last_error) {
      context.fail(
        JOBS.registrationCheckWorker,
        `the registration's check reads ${JSON.stringify(check)} (expiry ${String(token?.expiresAt)})`,
      );
    }

    const marker = randomUUID();
    await client.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ marker }) }),
    );
    const malformed = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(marker),
    );
    const refused = await context.invokeJob(
      JOBS.registrationCheckWorker,
      'refusal',
      sqsEventOf(malformed, context, queueArn),
    );
    const refusedIds = await settle(
      client,
      context,
      malformed,
      refused.result as SQSBatchResponse,
      queueUrl,
    );
    if (malformed.length === 0 || refusedIds.length !== malformed.length) {
      context.fail(
        JOBS.registrationCheckWorker,
        'a message that is no check was not reported failed',
      );
    }

    const refresh = await context.invokeJob(
      JOBS.rdapBootstrapRefresh,
      'external',
      scheduledEvent(context, JOBS.rdapBootstrapRefresh),
    );
    const outcome = refresh.result as { stored?: boolean } | undefined;
    if (outcome?.stored !== false) {
      context.fail(
        JOBS.rdapBootstrapRefresh,
        `without network it answered ${JSON.stringify(outcome)}`,
      );
    }
  } finally {
    client.destroy();
  }
}

/**
 * A watched domain (added through its route): the hourly dispatcher enqueues one read for it, the
 * worker's batch reads it (no network in the rehearsal: Cert Spotter is not reached, the domain
 * keeps its position and shows why), and a message that is no read is reported failed.
 */
async function ctWatch(context: ScenarioContext): Promise<void> {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const { findWatchedDomain } = await import('@expiry-radar/functions/data/ct-watch-records');
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
  const domain = `rehearsal-${randomUUID().slice(0, 8)}.com`;
  await context.call(
    'addWatchedDomain',
    'setup',
    { session: owner, params: { id: workspaceId }, body: { domain } },
    201,
  );
  const client = sqsClient(context);
  const { ctWatchQueueUrl: queueUrl, ctWatchQueueArn: queueArn } = context.deployment;
  try {
    await context.invokeJob(
      JOBS.ctWatchDispatch,
      'happy',
      scheduledEvent(context, JOBS.ctWatchDispatch),
    );
    const reads = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(domain),
    );
    if (reads.length !== 1) {
      context.fail(JOBS.ctWatchDispatch, `${reads.length} reads enqueued for one domain`);
      return;
    }
    const read = await context.invokeJob(
      JOBS.ctWatchWorker,
      'external',
      sqsEventOf(reads, context, queueArn),
    );
    await settle(client, context, reads, read.result as SQSBatchResponse, queueUrl);
    const watched = await findWatchedDomain(workspaceId, domain);
    if (!watched?.lastError || watched.position !== null || watched.lastCheckedAt === null) {
      context.fail(JOBS.ctWatchWorker, `the watched domain reads ${JSON.stringify(watched)}`);
    }

    const marker = randomUUID();
    await client.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ marker }) }),
    );
    const malformed = await receiveOwn(client, queueUrl, (message) =>
      (message.Body ?? '').includes(marker),
    );
    const refused = await context.invokeJob(
      JOBS.ctWatchWorker,
      'refusal',
      sqsEventOf(malformed, context, queueArn),
    );
    const refusedIds = await settle(
      client,
      context,
      malformed,
      refused.result as SQSBatchResponse,
      queueUrl,
    );
    if (malformed.length === 0 || refusedIds.length !== malformed.length) {
      context.fail(JOBS.ctWatchWorker, 'a message that is no read was not reported failed');
    }
  } finally {
    client.destroy();
  }
}

export interface JobScenario {
  /** The jobs (construct ids) it sends events to. */
  readonly jobs: readonly string[];
  readonly run: (context: ScenarioContext) => Promise<void>;
}

export const jobScenarios: Readonly<Record<string, JobScenario>> = {
  alertPipeline: { jobs: [JOBS.expiryScan, JOBS.alertWorker], run: alertPipeline },
  weeklySummary: { jobs: [JOBS.weeklySummary], run: weeklySummary },
  endpointChecks: {
    jobs: [JOBS.endpointDispatch, JOBS.endpointCheckWorker],
    run: endpointChecks,
  },
  integrationSyncs: {
    jobs: [JOBS.integrationSyncDispatch, JOBS.integrationSyncWorker],
    run: integrationSyncs,
  },
  registrationChecks: {
    jobs: [JOBS.registrationDispatch, JOBS.registrationCheckWorker, JOBS.rdapBootstrapRefresh],
    run: registrationChecks,
  },
  ctWatch: { jobs: [JOBS.ctWatchDispatch, JOBS.ctWatchWorker], run: ctWatch },
};
