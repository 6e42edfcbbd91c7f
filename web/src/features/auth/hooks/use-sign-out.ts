import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { resetApiClientState } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toasts';
import { SIGNED_OUT_STATE } from '../../session';
import { useLogoutMutation } from '../api/auth-mutations';

/**
 * Sign Out: the logout call, "Successfully logged out", then home; the root layout drops the
 * cached session and answers once home is on screen.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { mutateAsync: logout } = useLogoutMutation();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      return; // The API client has shown why.
    }
    resetApiClientState();
    showSuccessToast(SUCCESS_MESSAGES.loggedOut);
    await navigate(paths.home, { state: SIGNED_OUT_STATE });
  }, [logout, navigate]);
}
