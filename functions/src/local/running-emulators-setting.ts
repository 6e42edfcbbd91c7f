import type { EmulatorServerEndpoints } from './emulators/start-emulators';

/**
 * `RUNNING_EMULATORS`: the URLs of DynamoDB Local, SQS and SES emulators that are already
 * running, as JSON (`{"dynamoDb":…,"sqs":…,"ses":…,"emailViewer":…}`). The test run starts one
 * set of emulators and the app it tests uses them instead of starting its own.
 */
export const RUNNING_EMULATORS_SETTING = 'RUNNING_EMULATORS';

const ENDPOINT_NAMES = ['dynamoDb', 'sqs', 'ses', 'emailViewer'] as const;

export function runningEmulatorsFrom(raw: string | undefined): EmulatorServerEndpoints | undefined {
  if (raw === undefined || raw === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${RUNNING_EMULATORS_SETTING} must be JSON, not "${raw}".`);
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  const missing = ENDPOINT_NAMES.filter((name) => !isHttpUrl(record[name]));
  if (missing.length > 0) {
    throw new Error(
      `${RUNNING_EMULATORS_SETTING} needs an http URL for each of ${ENDPOINT_NAMES.join(', ')}; missing or not a URL: ${missing.join(', ')}.`,
    );
  }
  return {
    dynamoDb: record.dynamoDb as string,
    sqs: record.sqs as string,
    ses: record.ses as string,
    emailViewer: record.emailViewer as string,
  };
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
