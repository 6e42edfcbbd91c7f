/** Standing notices. */

/** Shown when a workspace has no email alerts and no webhook. */
export const ALERTS_DISABLED_NOTICE = 'Alerts are disabled until a channel is defined';

/** Shown to a downgraded user whose workspaces beyond the plan's limit are frozen. */
export const DOWNGRADED_NOTICE =
  'Account downgraded: transfer tokens from frozen workspaces in Account settings';

/** A page that needs a session, when the session check got no answer after its retries. */
export const SESSION_CHECK_FAILED_NOTICE =
  'Your session could not be checked: Expiry Radar did not answer. Check your connection and retry.';
