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
  if (process.env.TWO_FACTOR_KEY) return;
  if (!dataDirectory) {
    process.env.TWO_FACTOR_KEY = randomBytes(32).toString('base64url');
    return;
  }
  const file = join(dataDirectory, TWO_FACTOR_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDirectory, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  }
  process.env.TWO_FACTOR_KEY = readFileSync(file, 'utf8').trim();
}
