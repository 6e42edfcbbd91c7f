/**
 * Module-scope AWS clients: created on first use and then reused for the life of the container,
 * so warm invocations skip connection set-up. Locally they point at the emulators. In Lambda
 * each call is traced in X-Ray (platform/tracing.ts; nothing is recorded elsewhere).
 *
 * Each client's SDK package is required when the client is first made, not when this module is
 * loaded: every function's bundle holds this module, and loading all seven packages (SSM's alone
 * is 400 KB of JavaScript) took about a fifth of a route function's cold start, mostly for
 * clients the function never makes (`npm run bench -- cold-starts`). The adapters take their
 * commands from the same loaders, and the clients they make for a customer's account (STS, IAM,
 * ACM, Secrets Manager) too: a command imported from its package loads the package with the
 * bundle (the sign-in, billing and Slack routes loaded SSM's, 400 KB, at init for one parameter).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each SDK package is required on first use (above) */
import type * as Acm from '@aws-sdk/client-acm';
import type * as DynamoDb from '@aws-sdk/client-dynamodb';
import type * as DynamoDbDocuments from '@aws-sdk/lib-dynamodb';
import type * as Iam from '@aws-sdk/client-iam';
import type * as Kms from '@aws-sdk/client-kms';
import type * as SecretsManager from '@aws-sdk/client-secrets-manager';
import type * as SesV2 from '@aws-sdk/client-sesv2';
import type * as Sqs from '@aws-sdk/client-sqs';
import type * as Ssm from '@aws-sdk/client-ssm';
import type * as Sts from '@aws-sdk/client-sts';
import { getConfig } from './config';
import { traceAwsClient } from './tracing';

let dynamoDbClient: DynamoDb.DynamoDBClient | undefined;
let documentClient: DynamoDbDocuments.DynamoDBDocumentClient | undefined;
let sqsClient: Sqs.SQSClient | undefined;
let sesClient: SesV2.SESv2Client | undefined;
let ssmClient: Ssm.SSMClient | undefined;
let secretsManagerClient: SecretsManager.SecretsManagerClient | undefined;
let kmsClient: Kms.KMSClient | undefined;

/** An SDK package's module (its client and commands), required on first use (above). */
export const loadDynamoDb = () => require('@aws-sdk/client-dynamodb') as typeof DynamoDb;
const loadDynamoDbDocuments = () => require('@aws-sdk/lib-dynamodb') as typeof DynamoDbDocuments;
export const loadSqs = () => require('@aws-sdk/client-sqs') as typeof Sqs;
export const loadSecretsManager = () =>
  require('@aws-sdk/client-secrets-manager') as typeof SecretsManager;
export const loadKms = () => require('@aws-sdk/client-kms') as typeof Kms;
export const loadSesV2 = () => require('@aws-sdk/client-sesv2') as typeof SesV2;
export const loadSsm = () => require('@aws-sdk/client-ssm') as typeof Ssm;
/** The packages of the clients the integrations make for a customer's account (AWS discovery). */
export const loadAcm = () => require('@aws-sdk/client-acm') as typeof Acm;
export const loadIam = () => require('@aws-sdk/client-iam') as typeof Iam;
export const loadSts = () => require('@aws-sdk/client-sts') as typeof Sts;

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

export function getDynamoDbClient(): DynamoDb.DynamoDBClient {
  if (!dynamoDbClient) {
    const { DynamoDBClient } = loadDynamoDb();
    const { region, dynamoDbEndpoint } = getConfig();
    dynamoDbClient = traceAwsClient(
      withoutSdkLogging(new DynamoDBClient({ region, endpoint: dynamoDbEndpoint })),
    );
  }
  return dynamoDbClient;
}

export function getDocumentClient(): DynamoDbDocuments.DynamoDBDocumentClient {
  if (!documentClient) {
    const { DynamoDBDocumentClient } = loadDynamoDbDocuments();
    documentClient = DynamoDBDocumentClient.from(getDynamoDbClient(), {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}

export function getSqsClient(): Sqs.SQSClient {
  if (!sqsClient) {
    const { SQSClient } = loadSqs();
    const { region, sqsEndpoint } = getConfig();
    sqsClient = traceAwsClient(withoutSdkLogging(new SQSClient({ region, endpoint: sqsEndpoint })));
  }
  return sqsClient;
}

export function getSesClient(): SesV2.SESv2Client {
  if (!sesClient) {
    const { SESv2Client } = loadSesV2();
    const { region, sesEndpoint } = getConfig();
    sesClient = traceAwsClient(
      withoutSdkLogging(new SESv2Client({ region, endpoint: sesEndpoint })),
    );
  }
  return sesClient;
}

export function getSsmClient(): Ssm.SSMClient {
  if (!ssmClient) {
    const { SSMClient } = loadSsm();
    ssmClient = traceAwsClient(withoutSdkLogging(new SSMClient({ region: getConfig().region })));
  }
  return ssmClient;
}

export function getSecretsManagerClient(): SecretsManager.SecretsManagerClient {
  if (!secretsManagerClient) {
    const { SecretsManagerClient } = loadSecretsManager();
    secretsManagerClient = traceAwsClient(
      withoutSdkLogging(new SecretsManagerClient({ region: getConfig().region })),
    );
  }
  return secretsManagerClient;
}

export function getKmsClient(): Kms.KMSClient {
  if (!kmsClient) {
    const { KMSClient } = loadKms();
    kmsClient = traceAwsClient(withoutSdkLogging(new KMSClient({ region: getConfig().region })));
  }
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
