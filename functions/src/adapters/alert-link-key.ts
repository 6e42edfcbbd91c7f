/**
 * The key material unsubscribe links are signed with (domain/unsubscribe-token.ts): ALERT_LINK_KEY
 * when set (locally, in tests), else the Secrets Manager secret named by
 * ALERT_LINK_KEY_SECRET_ARN (in AWS; its previous version too during a rotation, so links signed
 * before it still work).
 */
import { getConfig } from '../platform/config';
import { getSecretVersionValues } from './secret-versions';

/** The key materials in use, the one to sign with first. */
export async function getAlertLinkKeys(): Promise<readonly string[]> {
  const { alertLinkKey, alertLinkKeySecretArn } = getConfig();
  if (alertLinkKey) return [alertLinkKey];
  if (alertLinkKeySecretArn) return getSecretVersionValues(alertLinkKeySecretArn);
  throw new Error('Unsubscribe links need ALERT_LINK_KEY or ALERT_LINK_KEY_SECRET_ARN');
}
