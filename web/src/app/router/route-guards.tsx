import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useSession } from '../../features/session';
import { paths, verifyEmailPath } from '../../lib/paths';

interface FromState {
  from?: { pathname?: string; search?: string };
}

/**
 * Where a signed-in user belongs: the verification page until verified, else the page that sent
 * them to sign in, else the dashboard.
 */
function signedInHome(needsVerification: boolean, email: string | undefined, state: unknown) {
  if (needsVerification) return verifyEmailPath(email);
  const from = (state as FromState | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search ?? ''}` : paths.dashboard;
}

/** Non-auth pages wait for the session behind a spinner. */
export function SessionGate({ children }: { children?: ReactNode }) {
  const { isLoading } = useSession();
  if (isLoading) return <Spinner minHeight="60vh" />;
  return children ?? <Outlet />;
}

/**
 * Login required: unauthenticated visitors go to /login (with where they were going); with
 * `verified`, a session that needs verification goes to /verify-email?email=....
 */
export function RequireSession({ verified = false }: { verified?: boolean }) {
  const location = useLocation();
  const { isLoading, isLoggedIn, needsVerification, user } = useSession();
  if (isLoading) return <Spinner minHeight="60vh" />;
  if (!isLoggedIn) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (verified && needsVerification) {
    return <Navigate to={verifyEmailPath(user?.email)} replace />;
  }
  return <Outlet />;
}

/**
 * /login and /register forward a signed-in user (also right after signing in); the form shows
 * at once while the check runs.
 */
export function RedirectSignedIn() {
  const location = useLocation();
  const { isLoggedIn, needsVerification, user } = useSession();
  if (isLoggedIn) {
    return <Navigate to={signedInHome(needsVerification, user?.email, location.state)} replace />;
  }
  return <Outlet />;
}

/** /verify-email: a session that needs no verification goes to the dashboard. */
export function VerifyEmailGuard() {
  const { isLoggedIn, needsVerification } = useSession();
  if (isLoggedIn && !needsVerification) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** /reset-password: anyone signed in goes to the dashboard. */
export function ResetPasswordGuard() {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
