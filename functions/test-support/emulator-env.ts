import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { SHARED_EMULATORS_VARIABLE } from './shared-emulators';

/**
 * Points this test file at the run's shared emulators (global-setup.ts) and names its own stage:
 * a table and queues no other test file uses, created by `isolated-stage.ts` before its tests.
 * Handler modules read their settings on first use, so they see these.
 */
const shared = process.env[SHARED_EMULATORS_VARIABLE];
if (!shared) {
  throw new Error('The functions tests need the emulators of test-support/global-setup.ts.');
}
const emulators = JSON.parse(shared) as { dynamoDb: string; sqs: string; ses: string };

/** `t-alert-pipeline-3f9a1c`: the file's name for whoever reads the emulator, and unique. */
function stageOfThisFile(): string {
  const testPath = expect.getState().testPath ?? 'test';
  const name = basename(testPath)
    .replace(/\.test\.tsx?$/, '')
    .replace(/[^a-zA-Z0-9-]/g, '-')
    .slice(0, 24);
  return `t-${name}-${randomBytes(3).toString('hex')}`;
}

const stage = stageOfThisFile();
Object.assign(process.env, {
  EXPIRY_RADAR_TEST_STAGE: stage,
  TABLE_NAME: `expiry-radar-${stage}`,
  DYNAMODB_ENDPOINT: emulators.dynamoDb,
  SQS_ENDPOINT: emulators.sqs,
  SES_ENDPOINT: emulators.ses,
});
