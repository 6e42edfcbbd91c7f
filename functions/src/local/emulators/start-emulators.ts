import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../table-setup';
import { startDynamoDbLocal } from './dynamodb-local';
import { LOCAL_AWS_ENVIRONMENT } from './local-credentials';
import { startSesLocal } from './ses-local';
import { startSqsLocal } from './sqs-local';

export interface EmulatorPorts {
  readonly dynamoDb: number;
  readonly sqs: number;
  readonly ses: number;
}

export interface RunningEmulators {
  /** The variables the handlers read to reach the emulators (see platform/config.ts). */
  readonly environment: Readonly<Record<string, string>>;
  readonly endpoints: {
    readonly dynamoDb: string;
    readonly sqs: string;
    readonly ses: string;
    readonly emailViewer: string;
    readonly alertQueueUrl: string;
    readonly alertDeadLetterQueueUrl: string;
    readonly endpointCheckQueueUrl: string;
    readonly integrationSyncQueueUrl: string;
  };
  stop(): Promise<void>;
}

/**
 * Starts every AWS emulator the product needs and creates the table and queues in them.
 * Used by `npm start` and by the test runs, so both see the same set-up.
 */
export async function startEmulators(options: {
  ports: EmulatorPorts;
  tableName: string;
  stage: string;
  /** Where DynamoDB Local keeps its data; in memory when absent. */
  dataDirectory?: string;
}): Promise<RunningEmulators> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    await Promise.allSettled(stops.reverse().map((stop) => stop()));
  };
  try {
    const started = <T extends { stop(): Promise<void> }>(emulator: T): T => {
      stops.push(() => emulator.stop());
      return emulator;
    };
    const [dynamoDb, sqs, ses] = await Promise.all([
      startDynamoDbLocal({
        port: options.ports.dynamoDb,
        dataDirectory: options.dataDirectory,
      }).then(started),
      startSqsLocal({ port: options.ports.sqs, stage: options.stage }).then(started),
      startSesLocal({ port: options.ports.ses }).then(started),
    ]);

    const client = new DynamoDBClient({
      endpoint: dynamoDb.endpoint,
      region: LOCAL_AWS_ENVIRONMENT.AWS_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, options.tableName);
    client.destroy();

    return {
      environment: {
        ...LOCAL_AWS_ENVIRONMENT,
        TABLE_NAME: options.tableName,
        DYNAMODB_ENDPOINT: dynamoDb.endpoint,
        SQS_ENDPOINT: sqs.endpoint,
        SES_ENDPOINT: ses.endpoint,
        ALERT_QUEUE_URL: sqs.alertQueueUrl,
        ALERT_DLQ_URL: sqs.alertDeadLetterQueueUrl,
        ENDPOINT_CHECK_QUEUE_URL: sqs.endpointCheckQueueUrl,
        INTEGRATION_SYNC_QUEUE_URL: sqs.integrationSyncQueueUrl,
      },
      endpoints: {
        dynamoDb: dynamoDb.endpoint,
        sqs: sqs.endpoint,
        ses: ses.endpoint,
        emailViewer: ses.viewerUrl,
        alertQueueUrl: sqs.alertQueueUrl,
        alertDeadLetterQueueUrl: sqs.alertDeadLetterQueueUrl,
        endpointCheckQueueUrl: sqs.endpointCheckQueueUrl,
        integrationSyncQueueUrl: sqs.integrationSyncQueueUrl,
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
