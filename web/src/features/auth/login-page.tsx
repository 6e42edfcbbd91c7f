import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { loginBody } from '@expiry-radar/shared/api/auth-schemas';
import { paths, queryParams, redirectParamOf, withRedirect } from '../../lib/paths';
import { EmailField } from '../../components/email-field';
import { PasswordField } from '../../components/password-field';
import { useLoginMutation } from './api/auth-mutations';
import { formErrorMessage, INVALID_CREDENTIALS_MESSAGE } from './api/form-error';
import { AuthLayout } from './components/auth-layout';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { InvitationNotice, invitationInSearch } from './components/invitation-notice';
import { SSO_ERROR_MESSAGES, SsoSignIn } from './components/sso-sign-in';
import { useVerifiedRegistrationEmail } from './hooks/use-verified-registration-email';
import { arrivedFromVerification } from './verified-sign-in';

/** Shown when a used verification link led here: the account is ready, its owner signs in. */
export const VERIFIED_SIGN_IN_MESSAGE = 'Your email address is verified. Sign in to continue.';

type LoginInput = z.input<typeof loginBody>;
type LoginValues = z.output<typeof loginBody>;

/**
 * Sign in (route /login). An invitation email's link to an address with an account
 * (`?email=…&invitation=<id>`) fills in the address and says who invited the visitor where;
 * `?redirect=` (an app path) is where a signed-in user goes next.
 */
export function LoginPage() {
  const login = useLoginMutation();
  const [search] = useSearchParams();
  const redirect = redirectParamOf(search);
  const navigate = useNavigate();
  const location = useLocation();
  const invitation = invitationInSearch(search);
  const [failure, setFailure] = useState<string | null>(
    () => SSO_ERROR_MESSAGES[search.get('error') ?? ''] ?? null,
  );
  const {
    register,
    getValues,
    setValue,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: search.get(queryParams.email) ?? '', password: '' },
  });
  const fromVerification = arrivedFromVerification(location.state);
  // Opened by the verification link in the browser that registered: its address, filled in
  // unless the visitor typed one meanwhile.
  const verifiedEmail = useVerifiedRegistrationEmail(
    fromVerification && !search.get(queryParams.email),
  );
  useEffect(() => {
    if (verifiedEmail && !getValues('email')) setValue('email', verifiedEmail);
  }, [verifiedEmail, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await login.mutateAsync(values);
      if (session.twoFactorRequired) {
        // Where the user was headed (the page that sent them, a plan chosen on /pricing) travels
        // on to the second step.
        await navigate(withRedirect(paths.twoFactorSignIn, redirect), {
          state: location.state as unknown,
        });
      } else if (!session.loggedIn) {
        setFailure(INVALID_CREDENTIALS_MESSAGE);
      }
    } catch (error) {
      setFailure(formErrorMessage(error));
    }
  });

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to see what is about to expire."
      footer={
        <>
          New to Expiry Radar?{' '}
          <Link component={RouterLink} to={withRedirect(paths.register, redirect)}>
            Create an account
          </Link>
        </>
      }
    >
      <GoogleSignInButton redirect={redirect} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {!failure && fromVerification && (
          <Alert severity="success">{VERIFIED_SIGN_IN_MESSAGE}</Alert>
        )}
        {invitation.invited && <InvitationNotice link={invitation.link} purpose="login" />}
        <EmailField
          {...register('email')}
          // A value set after the field mounted: MUI's label notices typing and autofill only.
          slotProps={verifiedEmail ? { inputLabel: { shrink: true } } : undefined}
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...register('password')}
          label="Password"
          autoComplete="current-password"
          required
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <Link
          component={RouterLink}
          to={paths.resetPassword}
          variant="body2"
          sx={{ alignSelf: 'flex-end' }}
        >
          Forgot password?
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </Stack>
      <Divider sx={{ my: 3 }}>or</Divider>
      <SsoSignIn email={() => getValues('email')} redirect={redirect} />
    </AuthLayout>
  );
}
