import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { resetApiClientState } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { signedOutState } from '../../session';
import { useLogoutMutation } from '../api/auth-mutations';

/**
 * Sign Out: the logout call, then home (or the page `to`); once it is on screen the root layout
 * drops the cached session and answers and says "Successfully logged out".
 */
export function useSignOut(): (to?: string) => Promise<void> {
  const navigate = useNavigate();
  const { mutateAsync: logout } = useLogoutMutation();
  return useCallback(
    async (to: string = paths.home) => {
      try {
        await logout();
      } catch {
        return; // The API client has shown why.
      }
      resetApiClientState();
      await navigate(to, { state: signedOutState(SUCCESS_MESSAGES.loggedOut) });
    },
    [logout, navigate],
  );
}
