import type { QueryClient } from '@tanstack/react-query';
import { forgetCsrfToken } from '../../../lib/api-client';
import { sessionKeys } from './session-keys';
import type { Session, SessionUser } from './session-schema';

/**
 * After login or register: the new session replaces every cached answer (they were another
 * user's, or nobody's), the CSRF token too (a session has its own, so the first write would be
 * refused once with 403 and sent again). The sign-in pages' guard then forwards the user.
 */
export function replaceSession(queryClient: QueryClient, session: Session): void {
  forgetCsrfToken();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
  queryClient.setQueryData(sessionKeys.current(), session);
}

/**
 * Puts the user the server answered with into the cached session. A new email address needs
 * verifying again, so the route guards then send the user to /verify-email.
 */
export function applySessionUser(
  queryClient: QueryClient,
  user: SessionUser,
  needsVerification: boolean,
): void {
  queryClient.setQueryData<Session>(sessionKeys.current(), (current) => ({
    ...current,
    loggedIn: true,
    user,
    needsVerification,
  }));
}

/** Loads the session again (a plan change sets or clears the user's downgraded flag). */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
}
