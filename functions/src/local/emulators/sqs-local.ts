import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  ALERT_QUEUE_SETTINGS,
  ENDPOINT_CHECK_QUEUE_SETTINGS,
  alertQueueNames,
  endpointCheckQueueNames,
} from '../../data/queue-definition';
import { LOCAL_AWS_ENVIRONMENT } from './local-credentials';
import { importEsm } from './import-esm';

export interface RunningSqsLocal {
  readonly endpoint: string;
  readonly alertQueueUrl: string;
  readonly alertDeadLetterQueueUrl: string;
  readonly endpointCheckQueueUrl: string;
  stop(): Promise<void>;
}

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

/**
 * Starts fauxqs and creates the alert queue with its dead-letter queue
 * through the SQS API itself, with the same redrive settings as the CDK data stack.
 */
export async function startSqsLocal(options: {
  port: number;
  stage: string;
}): Promise<RunningSqsLocal> {
  const { server, endpoint } = await startFauxqs(options.port);
  const client = new SQSClient({
    endpoint,
    region: LOCAL_AWS_ENVIRONMENT.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const names = alertQueueNames(options.stage);
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
    const endpointCheckQueueUrl = await createQueueWithDeadLetters(client, {
      ...endpointCheckQueueNames(options.stage),
    });
    return {
      endpoint,
      endpointCheckQueueUrl,
      alertQueueUrl: alertQueue.QueueUrl ?? '',
      alertDeadLetterQueueUrl: deadLetter.QueueUrl ?? '',
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    client.destroy();
  }
}

/** The endpoint check queue and its dead-letter queue, as the CDK data stack makes them. */
async function createQueueWithDeadLetters(
  client: SQSClient,
  names: { endpointCheckQueue: string; endpointCheckDeadLetterQueue: string },
): Promise<string> {
  const settings = ENDPOINT_CHECK_QUEUE_SETTINGS;
  const deadLetter = await client.send(
    new CreateQueueCommand({
      QueueName: names.endpointCheckDeadLetterQueue,
      Attributes: { MessageRetentionPeriod: String(settings.deadLetterRetentionSeconds) },
    }),
  );
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl: deadLetter.QueueUrl, AttributeNames: ['QueueArn'] }),
  );
  const queue = await client.send(
    new CreateQueueCommand({
      QueueName: names.endpointCheckQueue,
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
