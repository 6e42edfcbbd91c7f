import { paths, queryParams } from './paths';

// Read by the route guards of /login and /register, in the page's main bundle: plain code only
// (the auth feature's entry would bring its sign-out and mutations there).

/** What an invitation email's link means to someone already signed in. */
export type SignedInInvitation =
  /** Sent to their own address: `invitation` is its id (null for older links, `invitation=1`). */
  | { readonly kind: 'own'; readonly invitation: string | null }
  /** Sent to another address, which must sign in to accept it. */
  | { readonly kind: 'another'; readonly email: string };

/**
 * The invitation an email link (`?email=…&invitation=…`) names, as seen by the signed-in user of
 * `userEmail`; null when the link names none (or no address).
 */
export function signedInInvitation(
  search: URLSearchParams,
  userEmail: string | undefined,
): SignedInInvitation | null {
  const invitation = search.get(queryParams.invitation)?.trim() ?? '';
  const email = search.get(queryParams.email)?.trim() ?? '';
  if (!invitation || !email || !userEmail) return null;
  if (email.toLowerCase() !== userEmail.toLowerCase()) return { kind: 'another', email };
  return { kind: 'own', invitation: invitation === '1' ? null : invitation };
}

/** Where the user's own pending invitations are accepted, `invitation` the one to offer first. */
export function invitationsPath(invitation: string | null): string {
  return invitation
    ? `${paths.workspaces}?${new URLSearchParams({ [queryParams.invitation]: invitation }).toString()}`
    : paths.workspaces;
}
