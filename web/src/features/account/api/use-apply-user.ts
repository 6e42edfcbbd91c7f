import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@expiry-radar/shared/api/auth-schemas';
import { sessionKeys } from '../../session/api/session-keys';
import type { Session } from '../../session/api/session-schema';

/**
 * Puts the user the server answered with into the cached session. A new email address needs
 * verifying again, so the route guards then send the user to /verify-email.
 */
export function useApplyUser(): (user: SessionUser, needsVerification: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user, needsVerification) => {
      queryClient.setQueryData<Session>(sessionKeys.current(), (current) => ({
        ...current,
        loggedIn: true,
        user,
        needsVerification,
      }));
    },
    [queryClient],
  );
}
