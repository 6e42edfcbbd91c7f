import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import * as z from 'zod';
import { requestPasswordResetBody } from '@expiry-radar/shared/api/auth-schemas';
import { EMAIL_RESEND_COOLDOWN_SECONDS } from '@expiry-radar/shared/errors/retry-after';
import { newPasswordSchema } from '@expiry-radar/shared/domain/password-policy';
import { hasErrorCode } from '../../lib/api-error-details';
import { paths, queryParams } from '../../lib/paths';
import { EmailField } from '../../components/email-field';
import { PasswordField } from '../../components/password-field';
import { useRequestPasswordResetMutation, useResetPasswordMutation } from './api/auth-mutations';
import { formErrorMessage, retryAfterSeconds } from './api/form-error';
import { AuthLayout } from './components/auth-layout';
import { ResendCountdown } from './components/resend-countdown';
import { useResendCooldown } from './hooks/use-resend-cooldown';

export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';
export const REQUEST_NEW_LINK_LABEL = 'Send a new link';

const newPasswordForm = z
  .object({ password: newPasswordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: PASSWORDS_DIFFER_MESSAGE,
  });

type RequestInput = z.input<typeof requestPasswordResetBody>;
type RequestValues = z.output<typeof requestPasswordResetBody>;
type NewPasswordValues = z.infer<typeof newPasswordForm>;

function RequestResetForm() {
  const requestReset = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendingAgain, setSendingAgain] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cooldown = useResendCooldown();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestInput, unknown, RequestValues>({
    resolver: zodResolver(requestPasswordResetBody),
    defaultValues: { email: '' },
  });
  const send = async (email: string) => {
    setFailure(null);
    try {
      await requestReset.mutateAsync(email);
      setSentTo(email);
      cooldown.start(EMAIL_RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait === undefined) setFailure(formErrorMessage(error));
      else cooldown.start(wait);
    }
  };
  const onSubmit = handleSubmit(({ email }) => send(email));
  const sendAgain = async (email: string) => {
    setSendingAgain(true);
    await send(email);
    setSendingAgain(false);
  };

  if (sentTo) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">
          If an account exists for {sentTo}, an email with a link to reset the password is on its
          way. The link works once and expires soon.
        </Alert>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button
          variant="outlined"
          size="large"
          disabled={sendingAgain || cooldown.secondsLeft > 0}
          onClick={() => void sendAgain(sentTo)}
        >
          {sendingAgain ? 'Sending…' : 'Send the link again'}
        </Button>
        <ResendCountdown secondsLeft={cooldown.secondsLeft} />
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <EmailField
        {...register('email')}
        autoFocus
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isSubmitting || cooldown.secondsLeft > 0}
      >
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
      <ResendCountdown secondsLeft={cooldown.secondsLeft} />
    </Stack>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const reset = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A used or expired link never works again: the way on is a new link, not another password.
  const [linkInvalid, setLinkInvalid] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password });
      setDone(true);
    } catch (error) {
      setFailure(formErrorMessage(error));
      setLinkInvalid(hasErrorCode(error, 'INVALID_LINK'));
    }
  });

  if (linkInvalid) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{failure}</Alert>
        <Button component={RouterLink} to={paths.resetPassword} variant="contained" size="large">
          {REQUEST_NEW_LINK_LABEL}
        </Button>
      </Stack>
    );
  }

  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">
          Your password has been changed and every other session signed out.
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large">
          Sign in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <PasswordField
        {...register('password')}
        label="New password"
        autoComplete="new-password"
        required
        autoFocus
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <PasswordField
        {...register('confirm')}
        label="Confirm new password"
        autoComplete="new-password"
        required
        error={Boolean(errors.confirm)}
        helperText={errors.confirm?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set new password'}
      </Button>
    </Stack>
  );
}

/** Password reset (route /reset-password): request a link, or set a new password. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get(queryParams.token);
  return (
    <AuthLayout
      title={token ? 'Choose a new password' : 'Reset your password'}
      subtitle={
        token
          ? 'Pick a password you do not use anywhere else.'
          : 'Enter the email of your account and we will send you a link to reset the password.'
      }
      footer={
        <>
          Remembered it?{' '}
          <Link component={RouterLink} to={paths.login}>
            Back to sign in
          </Link>
        </>
      }
    >
      {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
    </AuthLayout>
  );
}
