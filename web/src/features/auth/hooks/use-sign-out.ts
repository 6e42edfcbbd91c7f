import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { resetApiClientState } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toasts';
import { sessionKeys } from '../../session/api/session-keys';
import { LOGGED_OUT } from '../../session/api/session-schema';
import { logout } from '../api/auth-api';

interface SignedOutState {
  signedOut?: boolean;
}

/**
 * Sign Out: POST /api/logout, "Successfully logged out", then home. The cached session and
 * answers are dropped by `useSignedOutCleanup` once home is on screen, so a protected page never
 * sees the signed-out session (it would send the user to /login).
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      return; // The API client has shown why.
    }
    resetApiClientState();
    showSuccessToast(SUCCESS_MESSAGES.loggedOut);
    await navigate(paths.home, { state: { signedOut: true } satisfies SignedOutState });
  }, [navigate]);
}

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
