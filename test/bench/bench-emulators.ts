/** Emulators in this process for a benchmark, with the environment the handlers read. */
import {
  startEmulators,
  type RunningEmulators,
} from '@expiry-radar/functions/local/emulators/start-emulators';
import { applyLocalCredentials } from '@expiry-radar/functions/local/emulators/local-credentials';
import { findFreePort } from '@expiry-radar/functions/local/ports';
import { ensureLocalAlertLinkKey } from '@expiry-radar/functions/local/alert-link-key-file';

export async function withBenchEmulators(
  stage: string,
  run: (emulators: RunningEmulators) => Promise<void>,
  environment: Record<string, string> = {},
): Promise<void> {
  applyLocalCredentials();
  const emulators = await startEmulators({
    ports: { dynamoDb: await findFreePort(), sqs: await findFreePort(), ses: await findFreePort() },
    tableName: `expiry-radar-${stage}`,
    stage,
  });
  try {
    Object.assign(process.env, emulators.environment, {
      APP_ENV: 'local',
      APP_ORIGIN: 'http://localhost:4000',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
      ...environment,
    });
    // The alert worker signs each email's unsubscribe links: a key for this run.
    ensureLocalAlertLinkKey(undefined);
    // Earlier benchmarks in this process made clients for their own (now stopped) emulators.
    const { resetConfigForTests } = await import('@expiry-radar/functions/platform/config');
    const { resetAwsClientsForTests } =
      await import('@expiry-radar/functions/platform/aws-clients');
    resetConfigForTests();
    resetAwsClientsForTests();
    await run(emulators);
  } finally {
    await emulators.stop();
    // Nothing after this benchmark may reach the stopped emulators through cached clients.
    const { resetConfigForTests } = await import('@expiry-radar/functions/platform/config');
    const { resetAwsClientsForTests } =
      await import('@expiry-radar/functions/platform/aws-clients');
    resetConfigForTests();
    resetAwsClientsForTests();
  }
}
