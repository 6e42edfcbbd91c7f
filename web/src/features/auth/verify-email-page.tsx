import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import {
  INVALID_VERIFICATION_LINK,
  VERIFICATION_ERROR_PARAM,
} from '@expiry-radar/shared/api/verification-link';
import { EMAIL_RESEND_COOLDOWN_SECONDS } from '@expiry-radar/shared/errors/retry-after';
import { loginPath, queryParams, redirectParamOf } from '../../lib/paths';
import { useSession, useVerificationWatch } from '../session';
import { useResendVerificationMutation } from './api/auth-mutations';
import { formErrorMessage, retryAfterSeconds } from './api/form-error';
import { AuthLayout } from './components/auth-layout';
import { ResendCountdown } from './components/resend-countdown';
import { useRegistrationVerified } from './hooks/use-registration-verified';
import { useResendCooldown } from './hooks/use-resend-cooldown';
import { useSignOut } from './hooks/use-sign-out';
import { VERIFIED_SIGN_IN_STATE } from './verified-sign-in';

export const VERIFICATION_SENT_MESSAGE = 'A new verification email is on its way.';
export const INVALID_LINK_MESSAGE =
  'This verification link is invalid or has expired. Send yourself a new one below.';
/**
 * The same, signed out: a link used once already is the most common cause, and its address is
 * verified then, so signing in is what is left to do (or, if it is not, the way to a new link).
 */
export const INVALID_LINK_SIGNED_OUT_MESSAGE =
  'This verification link is invalid or has expired. If you have verified your address already, sign in; if not, sign in to send yourself a new link.';

type ResendState = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * Email verification (route /verify-email): check your inbox, resend the link. It notices a
 * verification done elsewhere: signed in, through the session; signed out (right after
 * registering), through the registration's status, and then goes to sign in, noting it.
 */
export function VerifyEmailPage() {
  const [search] = useSearchParams();
  const { isLoading, isLoggedIn, needsVerification, user } = useSession();
  useVerificationWatch(isLoggedIn && needsVerification);
  const registrationVerified = useRegistrationVerified(!isLoading && !isLoggedIn);
  const signOut = useSignOut();
  const resendEmail = useResendVerificationMutation();
  const [sending, setSending] = useState(false);
  const [resend, setResend] = useState<ResendState>({ kind: 'idle' });
  const email = search.get(queryParams.email) ?? user?.email ?? null;
  // Counts down from the last email to this address: registration's, an address change's, a
  // resend's, also after a reload.
  const cooldown = useResendCooldown(email);
  // Where the user was headed (a plan chosen on /pricing): the resent link leads there too.
  const redirect = redirectParamOf(search);
  const invalidLink = search.get(VERIFICATION_ERROR_PARAM) === INVALID_VERIFICATION_LINK;

  const onResend = async () => {
    setSending(true);
    try {
      await resendEmail.mutateAsync(redirect);
      setResend({ kind: 'sent' });
      cooldown.start(EMAIL_RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait === undefined) {
        setResend({ kind: 'failed', message: formErrorMessage(error) });
      } else {
        setResend({ kind: 'idle' });
        cooldown.start(wait);
      }
    } finally {
      setSending(false);
    }
  };

  if (registrationVerified) {
    return <Navigate to={loginPath(email, redirect)} replace state={VERIFIED_SIGN_IN_STATE} />;
  }

  return (
    <AuthLayout
      title="Verify your email"
      subtitle={
        isLoggedIn ? (
          <>
            We sent a verification link to <strong>{email}</strong>. Open it to start using Expiry
            Radar.
          </>
        ) : (
          // Right after registering: the email is a verification link, or a sign-in reminder when
          // the address already had an account (the page cannot tell, and does not say).
          <>
            We sent an email to <strong>{email ?? 'your address'}</strong>. Open its link to finish,
            then sign in.
          </>
        )
      }
      footer={
        isLoggedIn ? (
          <>
            Wrong address?{' '}
            <Link
              component="button"
              onClick={() => void signOut()}
              sx={{ verticalAlign: 'baseline' }}
            >
              Sign out
            </Link>{' '}
            and register again.
          </>
        ) : (
          <>
            Already verified?{' '}
            <Link component={RouterLink} to={loginPath(email, redirect)}>
              Sign in
            </Link>
          </>
        )
      }
    >
      <Stack spacing={2}>
        {invalidLink && (
          <Alert severity="error">
            {isLoggedIn ? INVALID_LINK_MESSAGE : INVALID_LINK_SIGNED_OUT_MESSAGE}
          </Alert>
        )}
        {resend.kind === 'sent' && <Alert severity="success">{VERIFICATION_SENT_MESSAGE}</Alert>}
        {resend.kind === 'failed' && <Alert severity="error">{resend.message}</Alert>}
        <Typography variant="body2" color="textSecondary">
          No email after a few minutes? Check your spam folder, or send the link again.
        </Typography>
        {isLoggedIn ? (
          <>
            <Button
              variant="contained"
              size="large"
              disabled={sending || cooldown.secondsLeft > 0}
              onClick={() => void onResend()}
            >
              {sending ? 'Sending…' : 'Resend verification email'}
            </Button>
            <ResendCountdown secondsLeft={cooldown.secondsLeft} />
          </>
        ) : (
          <Button
            component={RouterLink}
            to={loginPath(email, redirect)}
            variant="contained"
            size="large"
          >
            Sign in to resend the email
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
