import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { registerBody } from '@expiry-radar/shared/api/auth-schemas';
import { PASSWORD_MIN_LENGTH } from '@expiry-radar/shared/domain/password-policy';
import {
  paths,
  queryParams,
  redirectParamOf,
  verifyEmailPath,
  withRedirect,
} from '../../lib/paths';
import { EmailField } from '../../components/email-field';
import { PasswordField } from '../../components/password-field';
import { useRegisterMutation } from './api/auth-mutations';
import { formErrorMessage } from './api/form-error';
import { AuthLayout } from './components/auth-layout';
import { GoogleSignInButton } from './components/google-sign-in-button';
import { InvitationNotice, invitationInSearch } from './components/invitation-notice';

type RegisterInput = z.input<typeof registerBody>;
type RegisterValues = z.output<typeof registerBody>;

/**
 * Create an account (route /register). An invitation email's link (`?email=…&invitation=<id>`)
 * fills in the invited address and says who invited the visitor to which workspace. `?redirect=`
 * (a plan chosen on /pricing) leads on through sign-in and the verification email's link.
 * Registering leads to /verify-email ("check your inbox"): the account is used once verified.
 */
export function RegisterPage() {
  const registerAccount = useRegisterMutation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const invitation = invitationInSearch(search);
  const redirect = redirectParamOf(search);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerBody),
    defaultValues: { email: search.get(queryParams.email) ?? '', password: '', name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerAccount.mutateAsync({ ...values, redirect });
      await navigate(verifyEmailPath(values.email, redirect));
    } catch (error) {
      setFailure(formErrorMessage(error));
    }
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start tracking certificates, keys, licenses and everything else that expires."
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to={withRedirect(paths.login, redirect)}>
            Sign in
          </Link>
        </>
      }
    >
      <GoogleSignInButton redirect={redirect} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {invitation.invited && <InvitationNotice link={invitation.link} purpose="register" />}
        <TextField
          {...register('name')}
          label="Name (optional)"
          autoComplete="name"
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
        />
        <EmailField
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <PasswordField
          {...register('password')}
          label="Password"
          autoComplete="new-password"
          required
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
        <Alert severity="info" variant="outlined" icon={false} sx={{ fontSize: '0.8125rem' }}>
          By creating an account you agree to the{' '}
          <Link component={RouterLink} to={paths.termsOfService}>
            terms of service
          </Link>{' '}
          and the{' '}
          <Link component={RouterLink} to={paths.privacyPolicy}>
            privacy policy
          </Link>
          .
        </Alert>
      </Stack>
    </AuthLayout>
  );
}
