/**
 * Settings of the running function, read from the environment once per container. In AWS the
 * CDK stacks set them; locally the local runtime sets them before any handler is imported.
 */
export interface RuntimeConfig {
  readonly appEnv: 'production' | 'local' | 'test';
  readonly region: string;
  readonly tableName: string;
  readonly alertQueueUrl: string;
  readonly alertDeadLetterQueueUrl: string;
  /** Only set locally: the emulators' addresses. In AWS the SDK finds the real endpoints. */
  readonly dynamoDbEndpoint: string | undefined;
  readonly sqsEndpoint: string | undefined;
  readonly sesEndpoint: string | undefined;
  /** The origin the web app is served from, used to build links in emails. */
  readonly appOrigin: string;
}

function readAppEnv(value: string | undefined): RuntimeConfig['appEnv'] {
  if (value === 'local' || value === 'test') return value;
  return 'production';
}

function optional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

let cachedConfig: RuntimeConfig | undefined;

export function getConfig(): RuntimeConfig {
  cachedConfig ??= {
    appEnv: readAppEnv(process.env.APP_ENV),
    region: process.env.AWS_REGION ?? 'us-east-1',
    tableName: process.env.TABLE_NAME ?? 'expiry-radar',
    alertQueueUrl: process.env.ALERT_QUEUE_URL ?? '',
    alertDeadLetterQueueUrl: process.env.ALERT_DLQ_URL ?? '',
    dynamoDbEndpoint: optional('DYNAMODB_ENDPOINT'),
    sqsEndpoint: optional('SQS_ENDPOINT'),
    sesEndpoint: optional('SES_ENDPOINT'),
    appOrigin: process.env.APP_ORIGIN ?? '',
  };
  return cachedConfig;
}

/** Tests and the local runtime change the environment; this makes the next read see it. */
export function resetConfigForTests(): void {
  cachedConfig = undefined;
}
