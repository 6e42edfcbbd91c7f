import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { showSuccessToast } from '../../../lib/toasts';
import { sessionKeys } from '../api/session-keys';
import { LOGGED_OUT } from '../api/session-schema';

interface SignedOutState {
  signedOut?: boolean;
  /** The success toast, shown once home is on screen. */
  notice?: string;
}

/**
 * The navigation state of the way home after signing out or deleting the account, with what it
 * says ("Successfully logged out"): the cached session and answers are dropped once home is on
 * screen (`useSignedOutCleanup`), so a protected page never sees the signed-out session (it would
 * send the user to /login).
 */
export function signedOutState(notice: string): Readonly<SignedOutState> {
  return { signedOut: true, notice };
}

/**
 * Mounted at the root: finishes a sign-out after the navigation home has rendered, at the top of
 * the page (the way there started at the foot of a long one), with its toast: shown before the
 * navigation it could be gone before home was on screen.
 */
export function useSignedOutCleanup(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = location.state as SignedOutState | null;
  const signedOut = state?.signedOut === true;
  const notice = state?.notice;

  useEffect(() => {
    if (!signedOut) return;
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
    queryClient.setQueryData(sessionKeys.current(), LOGGED_OUT);
    window.scrollTo(0, 0);
    if (notice) showSuccessToast(notice);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [signedOut, notice, queryClient, navigate, location.pathname, location.search]);
}
