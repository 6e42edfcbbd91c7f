/**
 * Module-scope AWS clients: created on first use and then reused for the life of the container,
 * so warm invocations skip connection set-up. Locally they point at the emulators. In Lambda
 * each call is traced in X-Ray (platform/tracer.ts; untouched elsewhere).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SSMClient } from '@aws-sdk/client-ssm';
import { getConfig } from './config';
import { tracer } from './tracer';

let dynamoDbClient: DynamoDBClient | undefined;
let documentClient: DynamoDBDocumentClient | undefined;
let sqsClient: SQSClient | undefined;
let sesClient: SESv2Client | undefined;
let ssmClient: SSMClient | undefined;
let secretsManagerClient: SecretsManagerClient | undefined;
let kmsClient: KMSClient | undefined;

/** The name the SDK gives its logger middleware. */
export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

/**
 * Without the SDK's logger middleware: it copies every request and answer, walking each through
 * the operation's schema to hide sensitive fields, for a logger that discards them (none is
 * configured; errors reach the app's own logger). On a 100-item Query that was about a third of
 * the client's CPU time.
 */
function withoutSdkLogging<Client extends { middlewareStack: { remove(name: string): boolean } }>(
  client: Client,
): Client {
  client.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
  return client;
}

export function getDynamoDbClient(): DynamoDBClient {
  if (!dynamoDbClient) {
    const { region, dynamoDbEndpoint } = getConfig();
    dynamoDbClient = tracer.captureAWSv3Client(
      withoutSdkLogging(new DynamoDBClient({ region, endpoint: dynamoDbEndpoint })),
    );
  }
  return dynamoDbClient;
}

export function getDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(getDynamoDbClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function getSqsClient(): SQSClient {
  if (!sqsClient) {
    const { region, sqsEndpoint } = getConfig();
    sqsClient = tracer.captureAWSv3Client(
      withoutSdkLogging(new SQSClient({ region, endpoint: sqsEndpoint })),
    );
  }
  return sqsClient;
}

export function getSesClient(): SESv2Client {
  if (!sesClient) {
    const { region, sesEndpoint } = getConfig();
    sesClient = tracer.captureAWSv3Client(
      withoutSdkLogging(new SESv2Client({ region, endpoint: sesEndpoint })),
    );
  }
  return sesClient;
}

export function getSsmClient(): SSMClient {
  ssmClient ??= tracer.captureAWSv3Client(
    withoutSdkLogging(new SSMClient({ region: getConfig().region })),
  );
  return ssmClient;
}

export function getSecretsManagerClient(): SecretsManagerClient {
  secretsManagerClient ??= withoutSdkLogging(
    new SecretsManagerClient({ region: getConfig().region }),
  );
  return secretsManagerClient;
}

export function getKmsClient(): KMSClient {
  kmsClient ??= tracer.captureAWSv3Client(
    withoutSdkLogging(new KMSClient({ region: getConfig().region })),
  );
  return kmsClient;
}

/** For benchmarks that start fresh emulators in one process: the next call makes new clients. */
export function resetAwsClientsForTests(): void {
  dynamoDbClient = undefined;
  documentClient = undefined;
  sqsClient = undefined;
  sesClient = undefined;
  ssmClient = undefined;
  secretsManagerClient = undefined;
  kmsClient = undefined;
}
