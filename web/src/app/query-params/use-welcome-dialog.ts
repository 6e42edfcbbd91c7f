import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../features/session';
import { paths, queryParams } from '../../lib/paths';
import {
  clearWelcomePending,
  hasWelcomeParam,
  isWelcomePending,
  markWelcomePending,
  withoutWelcomeParams,
} from '../../lib/welcome-flags';

export interface WelcomeCloseOptions {
  /** Also leave Account settings for the dashboard's own view (the workspace kept). */
  readonly toDashboardView?: boolean;
}

/**
 * The welcome dialog: open for a verified session when a welcome flag is in the URL,
 * or when one is pending (from a flag, or from a registration that made this account) and the
 * dashboard is shown. A flag seen before the
 * session can use the app (not verified yet) is remembered as pending. Closing removes the flags
 * from the URL and clears the pending state.
 */
export function useWelcomeDialog(): {
  open: boolean;
  close: (options?: WelcomeCloseOptions) => void;
} {
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

  const close = useCallback(
    (options: WelcomeCloseOptions = {}) => {
      clearWelcomePending();
      setSearch(
        (current) => {
          const next = withoutWelcomeParams(current);
          if (options.toDashboardView) next.delete(queryParams.view);
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  return { open, close };
}
