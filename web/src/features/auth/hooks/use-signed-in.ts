import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../session/api/session-keys';
import type { Session } from '../../session/api/session-schema';

/**
 * After login or register: the new session replaces every cached answer. The sign-in pages'
 * guard then forwards the user (to /verify-email, the page they came from, or the dashboard).
 */
export function useSignedIn(): (session: Session) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (session: Session) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionKeys.current(), session);
    },
    [queryClient],
  );
}
