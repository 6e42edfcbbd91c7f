import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../table-setup';
import { startDynamoDbLocal } from './dynamodb-local';
import { LOCAL_AWS_ENVIRONMENT } from './local-credentials';
import { startSesLocal } from './ses-local';
import { createStageQueues, startFauxqs } from './sqs-local';

export interface EmulatorPorts {
  readonly dynamoDb: number;
  readonly sqs: number;
  readonly ses: number;
}

/** Where the three emulators listen: all a process needs to use ones another process started. */
export interface EmulatorServerEndpoints {
  readonly dynamoDb: string;
  readonly sqs: string;
  readonly ses: string;
  /** The SES emulator's page listing every email sent. */
  readonly emailViewer: string;
}

export interface RunningEmulatorServers extends EmulatorServerEndpoints {
  stop(): Promise<void>;
}

/** A table and its queues in running emulators: one stage, as one deployment has them. */
export interface ProvisionedStage {
  /** The variables the handlers read to reach the emulators (see platform/config.ts). */
  readonly environment: Readonly<Record<string, string>>;
  readonly endpoints: EmulatorServerEndpoints & {
    readonly alertQueueUrl: string;
    readonly alertDeadLetterQueueUrl: string;
    readonly endpointCheckQueueUrl: string;
    readonly integrationSyncQueueUrl: string;
    readonly registrationCheckQueueUrl: string;
    readonly ctWatchQueueUrl: string;
  };
}

export interface RunningEmulators extends ProvisionedStage {
  stop(): Promise<void>;
}

/** Starts DynamoDB Local, fauxqs (SQS) and the SES emulator, empty. */
export async function startEmulatorServers(options: {
  ports: EmulatorPorts;
  /** Where DynamoDB Local keeps its data; in memory when absent. */
  dataDirectory?: string;
}): Promise<RunningEmulatorServers> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    await Promise.allSettled(stops.reverse().map((stop) => stop()));
  };
  const started = <T extends { stop(): Promise<void> }>(emulator: T): T => {
    stops.push(() => emulator.stop());
    return emulator;
  };
  const [dynamoDb, sqs, ses] = await Promise.allSettled([
    startDynamoDbLocal({
      port: options.ports.dynamoDb,
      dataDirectory: options.dataDirectory,
    }).then(started),
    startFauxqs(options.ports.sqs).then(({ server, endpoint }) => {
      started(server);
      return { endpoint };
    }),
    startSesLocal({ port: options.ports.ses }).then(started),
  ]);
  if (dynamoDb.status === 'rejected' || sqs.status === 'rejected' || ses.status === 'rejected') {
    await stopAll();
    const failed = [dynamoDb, sqs, ses].find((result) => result.status === 'rejected');
    throw (failed as PromiseRejectedResult).reason;
  }
  return {
    dynamoDb: dynamoDb.value.endpoint,
    sqs: sqs.value.endpoint,
    ses: ses.value.endpoint,
    emailViewer: ses.value.viewerUrl,
    stop: stopAll,
  };
}

/**
 * Creates a stage's table and queues in running emulators, from the same definitions the CDK
 * data stack uses. Several stages can share the emulators (the test run gives each test file
 * one), each isolated by its own table and queue names. An existing table is kept, data included.
 */
export async function provisionStage(
  servers: EmulatorServerEndpoints,
  options: { tableName: string; stage: string },
): Promise<ProvisionedStage> {
  const client = new DynamoDBClient({
    endpoint: servers.dynamoDb,
    region: LOCAL_AWS_ENVIRONMENT.AWS_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const [queues] = await Promise.all([
    createStageQueues(servers.sqs, options.stage),
    ensureTable(client, options.tableName).finally(() => client.destroy()),
  ]);
  return {
    environment: {
      ...LOCAL_AWS_ENVIRONMENT,
      TABLE_NAME: options.tableName,
      DYNAMODB_ENDPOINT: servers.dynamoDb,
      SQS_ENDPOINT: servers.sqs,
      SES_ENDPOINT: servers.ses,
      ALERT_QUEUE_URL: queues.alertQueueUrl,
      ALERT_DLQ_URL: queues.alertDeadLetterQueueUrl,
      ENDPOINT_CHECK_QUEUE_URL: queues.endpointCheckQueueUrl,
      INTEGRATION_SYNC_QUEUE_URL: queues.integrationSyncQueueUrl,
      REGISTRATION_CHECK_QUEUE_URL: queues.registrationCheckQueueUrl,
      CT_WATCH_QUEUE_URL: queues.ctWatchQueueUrl,
    },
    endpoints: {
      dynamoDb: servers.dynamoDb,
      sqs: servers.sqs,
      ses: servers.ses,
      emailViewer: servers.emailViewer,
      ...queues,
    },
  };
}

/**
 * Starts every AWS emulator the product needs and creates the table and queues in them.
 * Used by `npm start` and by the benchmarks, so both see the same set-up.
 */
export async function startEmulators(options: {
  ports: EmulatorPorts;
  tableName: string;
  stage: string;
  /** Where DynamoDB Local keeps its data; in memory when absent. */
  dataDirectory?: string;
}): Promise<RunningEmulators> {
  const servers = await startEmulatorServers(options);
  try {
    const stage = await provisionStage(servers, options);
    return { ...stage, stop: () => servers.stop() };
  } catch (error) {
    await servers.stop();
    throw error;
  }
}
