import { startEmulators, type RunningEmulators } from '../src/local/emulators/start-emulators';
import { applyLocalCredentials } from '../src/local/emulators/local-credentials';
import { findFreePort } from '../src/local/ports';

declare global {
  var expiryRadarEmulators: RunningEmulators | undefined;
}

/**
 * One set of emulators for the functions tests (DynamoDB Local takes a second and 370 MB to
 * start). Test files create their own data under unique ids, so they can share the table.
 * Variables set here reach the test workers, which are started afterwards.
 */
export default async function globalSetup(): Promise<void> {
  applyLocalCredentials();
  const emulators = await startEmulators({
    ports: { dynamoDb: await findFreePort(), sqs: await findFreePort(), ses: await findFreePort() },
    tableName: 'expiry-radar-test',
    stage: 'test',
  });
  globalThis.expiryRadarEmulators = emulators;
  Object.assign(process.env, emulators.environment, {
    APP_ENV: 'test',
    APP_ORIGIN: 'http://localhost:4000',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    POWERTOOLS_METRICS_DISABLED: 'true',
    // Seals the TOTP secrets the tests enrol (in AWS a Secrets Manager secret).
    TWO_FACTOR_KEY: 'functions-tests-two-factor-key-material',
    // Signs the unsubscribe links of alert emails (in AWS a Secrets Manager secret).
    ALERT_LINK_KEY: 'functions-tests-alert-link-key-material',
    // Seals integration credentials (in AWS a KMS key).
    INTEGRATION_CREDENTIALS_KEY: 'functions-tests-integration-credentials-key',
    SES_VIEWER_URL: emulators.endpoints.emailViewer,
  });
}
