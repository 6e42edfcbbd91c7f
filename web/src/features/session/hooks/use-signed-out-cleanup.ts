import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { sessionKeys } from '../api/session-keys';
import { LOGGED_OUT } from '../api/session-schema';

interface SignedOutState {
  signedOut?: boolean;
}

/**
 * The navigation state of the way home after signing out or deleting the account: the cached
 * session and answers are dropped once home is on screen (`useSignedOutCleanup`), so a protected
 * page never sees the signed-out session (it would send the user to /login).
 */
export const SIGNED_OUT_STATE: Readonly<SignedOutState> = { signedOut: true };

/** Mounted at the root: finishes a sign-out after the navigation home has rendered. */
export function useSignedOutCleanup(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = (location.state as SignedOutState | null)?.signedOut === true;

  useEffect(() => {
    if (!signedOut) return;
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
    queryClient.setQueryData(sessionKeys.current(), LOGGED_OUT);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [signedOut, queryClient, navigate, location.pathname, location.search]);
}
