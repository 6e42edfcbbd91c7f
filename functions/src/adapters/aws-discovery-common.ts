/**
 * What the AWS discovery readers (ACM, Secrets Manager, IAM) share: the account the role is in,
 * the SDK settings every client of the assumed role is made with, and how dates become expiries.
 */
/**
 * Throttled calls (and other retryable errors) are retried by the SDK: adaptive mode also slows
 * the client down once AWS throttles it, which matters for one ListAccessKeys call per IAM user.
 * A call that hangs gives up in time for the sync to answer within the API's 29 seconds.
 */
export const AWS_CLIENT_SETTINGS = {
  retryMode: 'adaptive',
  maxAttempts: 6,
  requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
} as const;

/** The customer's account, read from the role's ARN (`arn:<partition>:iam::<account>:role/…`). */
export interface AwsAccount {
  readonly partition: string;
  readonly accountId: string;
}

/** The assumed role's temporary credentials. */
export interface AssumedCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
  readonly expiration?: Date;
}

/** What a reader is given: where to read and with which temporary credentials. */
export interface AwsReadContext {
  readonly account: AwsAccount;
  readonly region: string;
  readonly credentials: AssumedCredentials;
  /** Extra client settings (tests give a request handler). */
  readonly clientSettings: Record<string, unknown>;
}

export function accountOfRoleArn(roleArn: string): AwsAccount {
  const [, partition = 'aws', , , accountId = ''] = roleArn.split(':');
  return { partition, accountId };
}

/** The settings of a client that reads the customer's account with the assumed role. */
export function clientSettings(context: AwsReadContext) {
  return {
    region: context.region,
    credentials: context.credentials,
    ...AWS_CLIENT_SETTINGS,
    ...context.clientSettings,
  };
}

/** `YYYY-MM-DD` of an instant, in UTC. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function isValidDate(value: Date | undefined): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** `YYYY-MM-DD` of `instant` plus `days` days, in UTC. */
export function utcDatePlusDays(instant: Date, days: number): string {
  return utcDate(new Date(instant.getTime() + days * 86_400_000));
}
