/** TOTP secrets at rest: sealed for their user with the configured key (never stored in clear). */
import { getTwoFactorKeys } from '../../adapters/two-factor-key';
import { openSecret, sealSecret } from '../../domain/secret-box';

export async function sealTotpSecret(secret: string, userId: string): Promise<string> {
  const [current] = await getTwoFactorKeys();
  if (!current) throw new Error('No two-factor key is configured');
  return sealSecret(secret, current, userId);
}

export async function openTotpSecret(box: string, userId: string): Promise<string> {
  return openSecret(box, await getTwoFactorKeys(), userId);
}
