/**
 * The jobs' recorded events, as the deployment delivers them: the EventBridge scheduled event of
 * the scan's rule, and SQS batches of the messages the scan really enqueued, received from the
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
import type { ScenarioContext } from './scenario-context';

export const JOBS = { expiryScan: 'ExpiryScan', alertWorker: 'AlertWorker' } as const;

/** The job of a function that no HTTP route invokes: the construct id below its stack. */
export function jobOf(fn: LambdaFunction): string | undefined {
  if (fn.triggers.some((trigger) => trigger.kind === 'http')) return undefined;
  return fn.path.split('/')[1];
}

export function scheduledEvent(context: ScenarioContext): ScheduledEvent {
  const { region } = context.deployment;
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/ExpiryRadarJobs-ExpiryScanSchedule`],
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
): Promise<Message[]> {
  const own: Message[] = [];
  for (let attempt = 0; attempt < 5 && own.length === 0; attempt += 1) {
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

function sqsEventOf(messages: readonly Message[], context: ScenarioContext): SQSEvent {
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
      eventSourceARN: context.deployment.alertQueueArn,
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
): Promise<string[]> {
  const failed = new Set((answer?.batchItemFailures ?? []).map((item) => item.itemIdentifier));
  for (const message of messages) {
    if (failed.has(message.MessageId ?? '')) continue;
    await client.send(
      new DeleteMessageCommand({
        QueueUrl: context.deployment.alertQueueUrl,
        ReceiptHandle: message.ReceiptHandle,
      }),
    );
  }
  return [...failed];
}

/**
 * A token due for an alert (created through its route), the scheduled scan that enqueues it, the
 * worker's batch that emails it, a second scan that enqueues nothing new, and a batch holding a
 * message that is no alert, which the worker must report failed (partial batch response).
 */
async function alertPipeline(context: ScenarioContext): Promise<void> {
  const { givenSignedInUser } = await import('../../functions/test-support/fixtures');
  const { givenWorkspace } = await import('../../functions/test-support/workspace-fixtures');
  const owner = await givenSignedInUser({ plan: 'team' });
  const workspaceId = await givenWorkspace({ ownerId: owner.userId, plan: 'team' });
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
    const messages = await receiveOwn(client, queueUrl, ofWorkspace);
    if (messages.length === 0) {
      context.fail(JOBS.expiryScan, 'the scan enqueued no alert for a token due in 3 days');
      return;
    }
    const delivered = await context.invokeJob(
      JOBS.alertWorker,
      'happy',
      sqsEventOf(messages, context),
    );
    const failedIds = await settle(client, context, messages, delivered.result as SQSBatchResponse);
    if (failedIds.length > 0) {
      context.fail(
        JOBS.alertWorker,
        `the worker reported ${failedIds.length} of ${messages.length} messages failed`,
      );
    }
    const emails = await context.emailsTo(owner.email);
    if (emails.length === 0)
      context.fail(JOBS.alertWorker, `no alert email reached ${owner.email}`);

    await context.invokeJob(JOBS.expiryScan, 'happy', scheduledEvent(context));
    const again = await receiveOwn(client, queueUrl, ofWorkspace);
    if (again.length > 0) {
      context.fail(JOBS.expiryScan, 'a second scan enqueued the same alert again');
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

export interface JobScenario {
  /** The jobs (construct ids) it sends events to. */
  readonly jobs: readonly string[];
  readonly run: (context: ScenarioContext) => Promise<void>;
}

export const jobScenarios: Readonly<Record<string, JobScenario>> = {
  alertPipeline: { jobs: [JOBS.expiryScan, JOBS.alertWorker], run: alertPipeline },
};
