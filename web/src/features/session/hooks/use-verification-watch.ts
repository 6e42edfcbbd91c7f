import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { SESSION_CHECK } from '@expiry-radar/shared/constants/timing';
import { sessionQueryOptions } from '../api/session-queries';

/**
 * While `waiting`, checks the session again every few seconds the page is in view and whenever
 * the window gets focus, so a page waiting for an email verification notices one done in another
 * browser or on a phone. The route guard then moves on.
 */
export function useVerificationWatch(waiting: boolean): void {
  const { pathname } = useLocation();
  useQuery({
    ...sessionQueryOptions(pathname),
    enabled: waiting,
    refetchInterval: SESSION_CHECK.verificationWatchMs,
    refetchOnWindowFocus: 'always',
  });
}
