import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../features/session';
import { paths } from '../../lib/paths';
import {
  clearWelcomePending,
  hasWelcomeParam,
  isWelcomePending,
  markWelcomePending,
  withoutWelcomeParams,
} from '../../lib/welcome-flags';

/**
 * The welcome dialog: open for a verified session when a welcome flag is in the URL,
 * or when one is pending (from a flag, or from a registration that made this account) and the
 * dashboard is shown. A flag seen before the
 * session can use the app (not verified yet) is remembered as pending. Closing removes the flags
 * from the URL and clears the pending state.
 */
export function useWelcomeDialog(): { open: boolean; close: () => void } {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const { isLoggedIn, needsVerification, user } = useSession();
  const flagged = hasWelcomeParam(search);
  const ready = isLoggedIn && !needsVerification;

  useEffect(() => {
    if (flagged && !ready) markWelcomePending();
  }, [flagged, ready]);

  const open =
    ready && (flagged || (pathname === paths.dashboard && isWelcomePending(user?.createdAt)));

  const close = useCallback(() => {
    clearWelcomePending();
    setSearch((current) => withoutWelcomeParams(current), { replace: true });
  }, [setSearch]);

  return { open, close };
}
