import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  ALERT_QUEUE_SETTINGS,
  ENDPOINT_CHECK_QUEUE_SETTINGS,
  INTEGRATION_SYNC_QUEUE_SETTINGS,
  REGISTRATION_CHECK_QUEUE_SETTINGS,
  CT_WATCH_QUEUE_SETTINGS,
  alertQueueNames,
  ctWatchQueueNames,
  endpointCheckQueueNames,
  integrationSyncQueueNames,
  registrationCheckQueueNames,
} from '../../data/queue-definition';
import { LOCAL_AWS_ENVIRONMENT } from './local-credentials';
import { importEsm } from './import-esm';

export interface FauxqsServer {
  readonly port: number;
  stop(): Promise<void>;
}
type FauxqsModule = {
  startFauxqs(options: { port: number; logger: boolean; host?: string }): Promise<FauxqsServer>;
};

/** Starts fauxqs (an SQS API emulator) with no queue. */
export async function startFauxqs(
  port: number,
): Promise<{ server: FauxqsServer; endpoint: string }> {
  const fauxqs = await importEsm<FauxqsModule>('fauxqs');
  const server = await fauxqs.startFauxqs({ port, logger: false });
  return { server, endpoint: `http://127.0.0.1:${server.port}` };
}

/** The queues of one stage, by what the handlers call them. */
export interface StageQueues {
  readonly alertQueueUrl: string;
  readonly alertDeadLetterQueueUrl: string;
  readonly endpointCheckQueueUrl: string;
  readonly integrationSyncQueueUrl: string;
  readonly registrationCheckQueueUrl: string;
  readonly ctWatchQueueUrl: string;
}

/**
 * Creates a stage's queues (alerts, endpoint checks, integration syncs, each with its dead-letter
 * queue) in a running SQS API through the API itself, with the same redrive settings as the CDK
 * data stack. Creating a queue that exists with the same attributes returns it, so a second call
 * is harmless.
 */
export async function createStageQueues(endpoint: string, stage: string): Promise<StageQueues> {
  const client = new SQSClient({
    endpoint,
    region: LOCAL_AWS_ENVIRONMENT.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const names = alertQueueNames(stage);
    const deadLetter = await client.send(
      new CreateQueueCommand({
        QueueName: names.deadLetterQueue,
        Attributes: {
          MessageRetentionPeriod: String(ALERT_QUEUE_SETTINGS.deadLetterRetentionSeconds),
        },
      }),
    );
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({
        QueueUrl: deadLetter.QueueUrl,
        AttributeNames: ['QueueArn'],
      }),
    );
    const alertQueue = await client.send(
      new CreateQueueCommand({
        QueueName: names.alertQueue,
        Attributes: {
          VisibilityTimeout: String(ALERT_QUEUE_SETTINGS.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: Attributes?.QueueArn,
            maxReceiveCount: ALERT_QUEUE_SETTINGS.maxReceiveCount,
          }),
        },
      }),
    );
    const endpointCheckNames = endpointCheckQueueNames(stage);
    const endpointCheckQueueUrl = await createQueueWithDeadLetters(
      client,
      {
        queue: endpointCheckNames.endpointCheckQueue,
        deadLetterQueue: endpointCheckNames.endpointCheckDeadLetterQueue,
      },
      ENDPOINT_CHECK_QUEUE_SETTINGS,
    );
    const integrationSyncNames = integrationSyncQueueNames(stage);
    const integrationSyncQueueUrl = await createQueueWithDeadLetters(
      client,
      {
        queue: integrationSyncNames.integrationSyncQueue,
        deadLetterQueue: integrationSyncNames.integrationSyncDeadLetterQueue,
      },
      INTEGRATION_SYNC_QUEUE_SETTINGS,
    );
    const registrationCheckNames = registrationCheckQueueNames(stage);
    const registrationCheckQueueUrl = await createQueueWithDeadLetters(
      client,
      {
        queue: registrationCheckNames.registrationCheckQueue,
        deadLetterQueue: registrationCheckNames.registrationCheckDeadLetterQueue,
      },
      REGISTRATION_CHECK_QUEUE_SETTINGS,
    );
    const ctWatchNames = ctWatchQueueNames(stage);
    const ctWatchQueueUrl = await createQueueWithDeadLetters(
      client,
      { queue: ctWatchNames.ctWatchQueue, deadLetterQueue: ctWatchNames.ctWatchDeadLetterQueue },
      CT_WATCH_QUEUE_SETTINGS,
    );
    return {
      alertQueueUrl: alertQueue.QueueUrl ?? '',
      alertDeadLetterQueueUrl: deadLetter.QueueUrl ?? '',
      endpointCheckQueueUrl,
      integrationSyncQueueUrl,
      registrationCheckQueueUrl,
      ctWatchQueueUrl,
    };
  } finally {
    client.destroy();
  }
}

/**
 * A queue with its dead-letter queue (the endpoint check and integration sync queues), as the
 * CDK data stack makes them.
 */
async function createQueueWithDeadLetters(
  client: SQSClient,
  names: { queue: string; deadLetterQueue: string },
  settings: {
    visibilityTimeoutSeconds: number;
    maxReceiveCount: number;
    retentionSeconds: number;
    deadLetterRetentionSeconds: number;
  },
): Promise<string> {
  const deadLetter = await client.send(
    new CreateQueueCommand({
      QueueName: names.deadLetterQueue,
      Attributes: { MessageRetentionPeriod: String(settings.deadLetterRetentionSeconds) },
    }),
  );
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: deadLetter.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: names.queue,
      Attributes: {
        VisibilityTimeout: String(settings.visibilityTimeoutSeconds),
        MessageRetentionPeriod: String(settings.retentionSeconds),
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: Attributes?.QueueArn,
          maxReceiveCount: settings.maxReceiveCount,
        }),
      },
    }),
  );
  return queue.QueueUrl ?? '';
}
