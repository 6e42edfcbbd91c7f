/**
 * The links alerts carry: a token's details on the dashboard, a workspace's alert preferences,
 * and the one-click unsubscribe (the page a person opens from the email, and the API address
 * mail clients POST to from the List-Unsubscribe header).
 */

/** The dashboard with the workspace selected and the token's details open. */
export function tokenUrl(appOrigin: string, workspaceId: string, tokenId: string): string {
  const query = new URLSearchParams({ workspace: workspaceId, token: tokenId });
  return `${appOrigin}/dashboard?${query.toString()}`;
}

/** The Workspaces page's watched domains, with the certificates seen and "Add to inventory". */
export function watchedDomainsUrl(appOrigin: string): string {
  return `${appOrigin}/workspaces#watched-domains`;
}

/** The dashboard with the workspace selected. */
export function workspaceDashboardUrl(appOrigin: string, workspaceId: string): string {
  return `${appOrigin}/dashboard?${new URLSearchParams({ workspace: workspaceId }).toString()}`;
}

/** Account settings, where the weekly summary is turned on or off. */
export function accountSettingsUrl(appOrigin: string): string {
  return `${appOrigin}/dashboard?view=account`;
}

export function preferencesUrl(appOrigin: string, workspaceId: string): string {
  return `${appOrigin}/preferences?${new URLSearchParams({ workspace: workspaceId }).toString()}`;
}

/**
 * The page that asks before it stops the emails (a link scanner's GET changes nothing); `about`
 * words its question for the weekly summary (the token alone decides what stops).
 */
export function unsubscribePageUrl(
  appOrigin: string,
  token: string,
  about?: 'weekly-summary',
): string {
  const query = new URLSearchParams({ token, ...(about ? { about } : {}) });
  return `${appOrigin}/unsubscribe?${query.toString()}`;
}

/** The one-click address of the List-Unsubscribe header (RFC 8058: the client POSTs to it). */
export function oneClickUnsubscribeUrl(appOrigin: string, token: string): string {
  return `${appOrigin}/api/alert-emails/unsubscribe?${new URLSearchParams({ token }).toString()}`;
}
