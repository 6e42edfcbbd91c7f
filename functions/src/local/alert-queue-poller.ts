/**
 * Locally, what Lambda's SQS event source does in AWS: receives from the alert queue (fauxqs),
 * hands batches to the worker as SQSEvent records, deletes the messages the worker did not report
 * in `batchItemFailures`, and leaves the others to come back after their visibility timeout
 * (which the worker set to the backoff). fauxqs moves a message to the dead-letter queue after
 * `maxReceiveCount` receives, as SQS does.
 */
import { randomUUID } from 'node:crypto';
import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { ALERT_QUEUE_SETTINGS } from '../data/queue-definition';
import { lambdaContext } from './lambda-http-adapter';

/** The worker's timeout, as the jobs stack gives it: a sixth of the visibility timeout. */
const ALERT_WORKER_TIMEOUT_MS = (ALERT_QUEUE_SETTINGS.visibilityTimeoutSeconds / 6) * 1000;

export type SqsWorker = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;

export interface AlertQueuePoller {
  /** Resolves when every poll loop has ended. */
  stop(): Promise<void>;
}

export interface AlertQueuePollerOptions {
  readonly client: SQSClient;
  readonly queueUrl: string;
  readonly worker: SqsWorker;
  /** Batches in flight at once, like concurrent Lambda invocations. */
  readonly concurrency?: number;
  readonly batchSize?: number;
  readonly onError?: (error: unknown) => void;
}

function toRecord(message: Message, queueArn: string, region: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId ?? randomUUID(),
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp:
        attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: region,
  };
}

export function startAlertQueuePoller(options: AlertQueuePollerOptions): AlertQueuePoller {
  const { client, queueUrl, worker } = options;
  const queueName = queueUrl.split('/').pop() ?? 'alerts';
  const region = 'us-east-1';
  const queueArn = `arn:aws:sqs:${region}:000000000000:${queueName}`;
  let running = true;
  const abort = new AbortController();

  const pollOnce = async (): Promise<void> => {
    const { Messages } = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: options.batchSize ?? 10,
        WaitTimeSeconds: 1,
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: abort.signal },
    );
    if (!Messages || Messages.length === 0) return;
    const event: SQSEvent = {
      Records: Messages.map((message) => toRecord(message, queueArn, region)),
    };
    let failed: Set<string>;
    try {
      const response = await worker(
        event,
        lambdaContext('alert-worker', randomUUID(), ALERT_WORKER_TIMEOUT_MS),
      );
      failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
    } catch (error) {
      // A thrown invocation fails the whole batch, as with Lambda.
      options.onError?.(error);
      return;
    }
    const done = event.Records.filter((record) => !failed.has(record.messageId));
    if (done.length === 0) return;
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: done.map((record, index) => ({
          Id: String(index),
          ReceiptHandle: record.receiptHandle,
        })),
      }),
    );
  };

  const loop = async (): Promise<void> => {
    while (running) {
      try {
        await pollOnce();
      } catch (error) {
        if (!running) return;
        options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };

  const loops = Array.from({ length: options.concurrency ?? 2 }, loop);
  return {
    stop: async () => {
      running = false;
      abort.abort();
      await Promise.allSettled(loops);
    },
  };
}
