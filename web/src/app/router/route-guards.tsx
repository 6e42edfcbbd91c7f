import { Suspense, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { appRedirectPath } from '@expiry-radar/shared/api/app-redirect';
import { verifiedRedirect } from '@expiry-radar/shared/api/verification-link';
import { lazyNamed } from '../../components/lazy-named';
import { Spinner } from '../../components/spinner';
import { invitationsPath, signedInInvitation } from '../../lib/signed-in-invitation';
import { SessionCheckFailed, useSession } from '../../features/session';
import { paths, redirectParamOf, verifyEmailPath } from '../../lib/paths';

interface FromState {
  from?: { pathname?: string; search?: string };
}

/**
 * Where the user was headed: the `redirect` parameter (a plan chosen on /pricing), else the
 * protected page that sent them to sign in; only ever a same-origin app path.
 */
function destinationOf(search: URLSearchParams, state: unknown): string | undefined {
  const from = (state as FromState | null)?.from;
  const fromPath = from?.pathname ? `${from.pathname}${from.search ?? ''}` : undefined;
  return redirectParamOf(search) ?? appRedirectPath(fromPath);
}

/**
 * Where a signed-in user belongs: the verification page until verified (carrying where they were
 * headed), else where they were headed, else the dashboard.
 */
export function signedInHome(
  needsVerification: boolean,
  email: string | undefined,
  destination: string | undefined,
): string {
  if (needsVerification) return verifyEmailPath(email, destination);
  return destination ?? paths.dashboard;
}

/** Non-auth pages wait for the session behind a spinner. */
export function SessionGate({ children }: { children?: ReactNode }) {
  const { isLoading } = useSession();
  if (isLoading) return <Spinner minHeight="60vh" />;
  return children ?? <Outlet />;
}

/**
 * Login required: unauthenticated visitors go to /login (with where they were going); with
 * `verified`, a session that needs verification goes to /verify-email?email=.... A check that got
 * no answer says so, with Retry.
 */
export function RequireSession({ verified = false }: { verified?: boolean }) {
  const location = useLocation();
  const { isLoading, isLoggedIn, needsVerification, user, checkFailed, retryCheck } = useSession();
  if (isLoading) return <Spinner minHeight="60vh" />;
  if (checkFailed) return <SessionCheckFailed onRetry={retryCheck} />;
  if (!isLoggedIn) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (verified && needsVerification) {
    return <Navigate to={verifyEmailPath(user?.email)} replace />;
  }
  return <Outlet />;
}

// Loaded only when an invitation link is opened signed in with another address.
const InvitationForAnotherAddressPage = lazyNamed(
  () => import('../../features/auth/invitation-for-another-address-page'),
  'InvitationForAnotherAddressPage',
);

/**
 * /login and /register forward a signed-in user (also right after signing in); the form shows
 * at once while the check runs. An invitation email's link forwards a verified user to their
 * pending invitations with that one offered, or, sent to another address, says whose it is.
 */
export function RedirectSignedIn() {
  const location = useLocation();
  const [search] = useSearchParams();
  const { isLoggedIn, needsVerification, user } = useSession();
  const invitation =
    isLoggedIn && !needsVerification ? signedInInvitation(search, user?.email) : null;
  if (invitation?.kind === 'another') {
    return (
      <Suspense fallback={<Spinner minHeight="100vh" />}>
        <InvitationForAnotherAddressPage email={invitation.email} />
      </Suspense>
    );
  }
  if (invitation?.kind === 'own') {
    return <Navigate to={invitationsPath(invitation.invitation)} replace />;
  }
  if (isLoggedIn) {
    const destination = destinationOf(search, location.state);
    return <Navigate to={signedInHome(needsVerification, user?.email, destination)} replace />;
  }
  return <Outlet />;
}

/**
 * /verify-email: a session that needs no verification goes where it was headed (`redirect`), else
 * to the dashboard. When the page was waiting for that verification (the link opened in another
 * browser), it lands where the link would have taken it, welcome included.
 */
export function VerifyEmailGuard() {
  const [search] = useSearchParams();
  const { isLoggedIn, needsVerification } = useSession();
  const [waitedForVerification, setWaitedForVerification] = useState(false);
  if (isLoggedIn && needsVerification && !waitedForVerification) setWaitedForVerification(true);
  if (isLoggedIn && !needsVerification) {
    const redirect = redirectParamOf(search);
    const destination = waitedForVerification
      ? verifiedRedirect(redirect)
      : (redirect ?? paths.dashboard);
    return <Navigate to={destination} replace />;
  }
  return <Outlet />;
}

/** /reset-password: anyone signed in goes to the dashboard. */
export function ResetPasswordGuard() {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
