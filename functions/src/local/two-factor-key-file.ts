/**
 * Locally, TOTP secrets are sealed with TWO_FACTOR_KEY from .env when set; otherwise with a
 * random key generated once and kept beside the data (`<data directory>/two-factor-key`), so
 * enrolments survive a restart; without a data directory, a key for this run only.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TWO_FACTOR_KEY_FILE = 'two-factor-key';

export function ensureLocalTwoFactorKey(dataDirectory: string | undefined): void {
  ensureLocalKeyMaterial('TWO_FACTOR_KEY', TWO_FACTOR_KEY_FILE, dataDirectory);
}

/**
 * Sets the environment variable to key material unless set: the file's under the data directory
 * (written with a random key on first use), or a random key for this run without one.
 */
export function ensureLocalKeyMaterial(
  variable: string,
  fileName: string,
  dataDirectory: string | undefined,
): void {
  if (process.env[variable]) return;
  if (!dataDirectory) {
    process.env[variable] = randomBytes(32).toString('base64url');
    return;
  }
  const file = join(dataDirectory, fileName);
  if (!existsSync(file)) {
    mkdirSync(dataDirectory, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  }
  process.env[variable] = readFileSync(file, 'utf8').trim();
}
