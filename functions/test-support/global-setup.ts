import { sharedEmulators } from './shared-emulators';

/**
 * The functions tests' settings, and the run's shared emulators (DynamoDB Local takes a second
 * and 370 MB to start). Each test file gets its own table and queues in them
 * (`isolated-stage.ts`). Variables set here reach the test workers, which are started afterwards.
 */
export default async function globalSetup(): Promise<void> {
  const emulators = await sharedEmulators();
  Object.assign(process.env, {
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
    SES_VIEWER_URL: emulators.emailViewer,
  });
}
