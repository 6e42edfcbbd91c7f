import {
  startEmulatorServers,
  type EmulatorServerEndpoints,
  type RunningEmulatorServers,
} from '../src/local/emulators/start-emulators';
import { applyLocalCredentials } from '../src/local/emulators/local-credentials';
import { findFreePort } from '../src/local/ports';

declare global {
  var expiryRadarSharedEmulators: Promise<RunningEmulatorServers> | undefined;
}

/** Where the test run's emulators listen, for the test files (set before any worker starts). */
export const SHARED_EMULATORS_VARIABLE = 'EXPIRY_RADAR_TEST_EMULATORS';

/**
 * The test run's one set of emulators (DynamoDB Local, SQS, SES), started by the first project's
 * global setup that asks and shared by every project of the run: jest runs every global setup in
 * its own process, one after the other, before it starts the workers. Each test file makes its
 * own table and queues in them (`isolated-stage.ts`), and the app of the end-to-end tests its own.
 */
export function sharedEmulators(): Promise<RunningEmulatorServers> {
  globalThis.expiryRadarSharedEmulators ??= startSharedEmulators();
  return globalThis.expiryRadarSharedEmulators;
}

async function startSharedEmulators(): Promise<RunningEmulatorServers> {
  applyLocalCredentials();
  const servers = await startEmulatorServers({
    ports: { dynamoDb: await findFreePort(), sqs: await findFreePort(), ses: await findFreePort() },
  }).catch((error: unknown) => {
    // Printed in full here: jest reports a failed global setup by its message alone.
    console.error('The test emulators (DynamoDB Local, SQS, SES) could not start:', error);
    throw error;
  });
  process.env[SHARED_EMULATORS_VARIABLE] = JSON.stringify(endpointsOf(servers));
  return servers;
}

/** The emulators' URLs alone, as another process takes them (`RUNNING_EMULATORS`). */
export function endpointsOf(servers: EmulatorServerEndpoints): EmulatorServerEndpoints {
  return {
    dynamoDb: servers.dynamoDb,
    sqs: servers.sqs,
    ses: servers.ses,
    emailViewer: servers.emailViewer,
  };
}

/** Stops the emulators if this run started them; a second call does nothing. */
export async function stopSharedEmulators(): Promise<void> {
  const running = globalThis.expiryRadarSharedEmulators;
  globalThis.expiryRadarSharedEmulators = undefined;
  await (await running?.catch(() => undefined))?.stop();
}
