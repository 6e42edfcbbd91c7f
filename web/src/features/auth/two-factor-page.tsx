import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import {
  Navigate,
  Link as RouterLink,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { CodeField } from '../../components/code-field';
import { ApiError } from '../../lib/api-client';
import { paths, redirectParamOf } from '../../lib/paths';
import { useVerifyTwoFactorMutation } from './api/auth-mutations';
import { formErrorMessage } from './api/form-error';
import { useSession } from '../session';
import { AuthLayout } from './components/auth-layout';

export const CODE_REQUIRED_MESSAGE = 'Enter the code from your authenticator app';
export const RECOVERY_REQUIRED_MESSAGE = 'Enter one of your recovery codes';
export const SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.';

interface FromState {
  from?: { pathname?: string; search?: string };
}

/**
 * The sign-in's second step (route /login/two-factor): after the password (or Google), the code
 * from the authenticator app, or a recovery code. The pending sign-in lasts 10 minutes; 5 wrong
 * codes lock this step for 15 minutes.
 */
export function TwoFactorPage() {
  const verify = useVerifyTwoFactorMutation();
  const navigate = useNavigate();
  const location = useLocation();
  // Where the user was headed when signing in (a plan chosen on /pricing), if anywhere.
  const [search] = useSearchParams();
  const redirect = redirectParamOf(search);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const { isLoggedIn } = useSession();

  // Signed in already (and not by this page, which goes on itself): nothing to verify here.
  if (isLoggedIn && verify.isIdle) return <Navigate to={paths.dashboard} replace />;

  const onSubmit = async () => {
    setFailure(null);
    if (code.trim() === '') {
      setFieldError(recovery ? RECOVERY_REQUIRED_MESSAGE : CODE_REQUIRED_MESSAGE);
      return;
    }
    setFieldError(null);
    try {
      const session = await verify.mutateAsync(code.trim());
      const from = (location.state as FromState | null)?.from;
      const target =
        session.redirectTo ??
        redirect ??
        (from?.pathname ? `${from.pathname}${from.search ?? ''}` : paths.dashboard);
      await navigate(target, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setExpired(true);
        return;
      }
      setCode('');
      setFailure(formErrorMessage(error));
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    setCode('');
    setFieldError(null);
    setFailure(null);
  };

  return (
    <AuthLayout
      title="Two-factor authentication"
      subtitle={
        recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
      footer={
        <Link component={RouterLink} to={paths.login}>
          Back to sign in
        </Link>
      }
    >
      {expired ? (
        <Stack spacing={2.5}>
          <Alert severity="warning">{SIGN_IN_EXPIRED_MESSAGE}</Alert>
          <Button component={RouterLink} to={paths.login} variant="contained" size="large">
            Sign in again
          </Button>
        </Stack>
      ) : (
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          aria-label="Two-factor authentication"
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          {failure && <Alert severity="error">{failure}</Alert>}
          <CodeField
            key={recovery ? 'recovery' : 'app'}
            recovery={recovery}
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? (recovery ? 'For example: abcd-efgh-jkmn-pqrs' : undefined)}
          />
          <Button type="submit" variant="contained" size="large" disabled={verify.isPending}>
            {verify.isPending ? 'Verifying…' : 'Verify'}
          </Button>
          <Button variant="text" onClick={switchKind}>
            {recovery ? 'Use the code from your authenticator app' : 'Use a recovery code'}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
