/**
 * Locally, unsubscribe links in alert emails are signed with ALERT_LINK_KEY from .env when set;
 * otherwise with a random key generated once and kept beside the data
 * (`<data directory>/alert-link-key`), so links in emails already sent keep working after a
 * restart; without a data directory, a key for this run only.
 */
import { ensureLocalKeyMaterial } from './two-factor-key-file';

export const ALERT_LINK_KEY_FILE = 'alert-link-key';

export function ensureLocalAlertLinkKey(dataDirectory: string | undefined): void {
  ensureLocalKeyMaterial('ALERT_LINK_KEY', ALERT_LINK_KEY_FILE, dataDirectory);
}
