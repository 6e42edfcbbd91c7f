import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  provisionStage,
  type EmulatorServerEndpoints,
} from '../src/local/emulators/start-emulators';
import { resetAwsClientsForTests } from '../src/platform/aws-clients';
import { resetConfigForTests } from '../src/platform/config';
import { SHARED_EMULATORS_VARIABLE } from './shared-emulators';

/**
 * Creates this test file's table and queues (named by emulator-env.ts) before its tests and
 * deletes them after: no test file sees another's items or messages, whichever worker runs it.
 */
const local = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
};
let queueUrls: string[] = [];

beforeAll(async () => {
  const emulators = JSON.parse(
    process.env[SHARED_EMULATORS_VARIABLE] ?? '{}',
  ) as EmulatorServerEndpoints;
  const stage = await provisionStage(emulators, {
    tableName: process.env.TABLE_NAME ?? '',
    stage: process.env.EXPIRY_RADAR_TEST_STAGE ?? '',
  });
  Object.assign(process.env, stage.environment);
  queueUrls = [
    stage.endpoints.alertQueueUrl,
    stage.endpoints.alertDeadLetterQueueUrl,
    stage.endpoints.endpointCheckQueueUrl,
    stage.endpoints.integrationSyncQueueUrl,
    stage.endpoints.registrationCheckQueueUrl,
    stage.endpoints.ctWatchQueueUrl,
  ];
  resetConfigForTests();
  resetAwsClientsForTests();
}, 30_000);

afterAll(async () => {
  const dynamoDb = new DynamoDBClient({ ...local, endpoint: process.env.DYNAMODB_ENDPOINT });
  const sqs = new SQSClient({ ...local, endpoint: process.env.SQS_ENDPOINT });
  try {
    await Promise.all([
      dynamoDb.send(new DeleteTableCommand({ TableName: process.env.TABLE_NAME })),
      ...queueUrls.map((QueueUrl) => sqs.send(new DeleteQueueCommand({ QueueUrl }))),
    ]);
  } finally {
    dynamoDb.destroy();
    sqs.destroy();
  }
}, 30_000);
