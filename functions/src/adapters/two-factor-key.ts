/**
 * The key material TOTP secrets are sealed with (domain/secret-box.ts): TWO_FACTOR_KEY when set
 * (locally, in tests), else the Secrets Manager secret named by TWO_FACTOR_KEY_SECRET_ARN (in AWS;
 * its previous version too during a rotation, so secrets sealed before it still open). Without
 * either, two-factor authentication cannot work, and says so.
 */
import { getConfig } from '../platform/config';
import { getSecretVersionValues } from './secret-versions';

/** The key materials in use, the one to seal with first. */
export async function getTwoFactorKeys(): Promise<readonly string[]> {
  const { twoFactorKey, twoFactorKeySecretArn } = getConfig();
  if (twoFactorKey) return [twoFactorKey];
  if (twoFactorKeySecretArn) return getSecretVersionValues(twoFactorKeySecretArn);
  throw new Error('Two-factor authentication needs TWO_FACTOR_KEY or TWO_FACTOR_KEY_SECRET_ARN');
}
