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

export function preferencesUrl(appOrigin: string, workspaceId: string): string {
  return `${appOrigin}/preferences?${new URLSearchParams({ workspace: workspaceId }).toString()}`;
}

/** The page that asks before it stops the emails (a link scanner's GET changes nothing). */
export function unsubscribePageUrl(appOrigin: string, token: string): string {
  return `${appOrigin}/unsubscribe?${new URLSearchParams({ token }).toString()}`;
}

/** The one-click address of the List-Unsubscribe header (RFC 8058: the client POSTs to it). */
export function oneClickUnsubscribeUrl(appOrigin: string, token: string): string {
  return `${appOrigin}/api/alert-emails/unsubscribe?${new URLSearchParams({ token }).toString()}`;
}
