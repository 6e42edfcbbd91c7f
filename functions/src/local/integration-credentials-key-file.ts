/**
 * Locally, integration credentials are sealed under INTEGRATION_CREDENTIALS_KEY from .env when
 * set; otherwise under a random key generated once and kept beside the data
 * (`<data directory>/integration-credentials-key`), so stored integrations still open after a
 * restart; without a data directory, a key for this run only.
 */
import { ensureLocalKeyMaterial } from './two-factor-key-file';

export const INTEGRATION_CREDENTIALS_KEY_FILE = 'integration-credentials-key';

export function ensureLocalIntegrationCredentialsKey(dataDirectory: string | undefined): void {
  ensureLocalKeyMaterial(
    'INTEGRATION_CREDENTIALS_KEY',
    INTEGRATION_CREDENTIALS_KEY_FILE,
    dataDirectory,
  );
}
