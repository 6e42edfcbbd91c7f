import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { sessionQueryOptions } from '../api/session-queries';
import type { Session, SessionUser } from '../api/session-schema';

export interface SessionState {
  /** The first check has not finished. */
  isLoading: boolean;
  session: Session | undefined;
  user: SessionUser | null;
  isLoggedIn: boolean;
  needsVerification: boolean;
  googleSignIn: boolean;
  /** The check got no answer after its retries (the API unreachable or failing). */
  checkFailed: boolean;
  /** Checks again, with the same retries. */
  retryCheck: () => void;
}

/**
 * The session, checked on load (retried 3 times on the dashboard, once elsewhere). A failed check
 * counts as signed out on public pages; pages that need a session show it with Retry.
 * (No shared plan helpers here: they bring the full zod into the landing chunk.)
 */
export function useSession(): SessionState {
  const { pathname } = useLocation();
  const query = useQuery(sessionQueryOptions(pathname));
  const session = query.data;
  const user = session?.loggedIn ? (session.user ?? null) : null;
  return {
    isLoading: query.isPending,
    session,
    user,
    isLoggedIn: Boolean(session?.loggedIn && user),
    needsVerification: Boolean(session?.loggedIn && session.needsVerification),
    googleSignIn: session?.features?.googleSignIn === true,
    checkFailed: query.isError && session === undefined,
    retryCheck: () => void query.refetch(),
  };
}
