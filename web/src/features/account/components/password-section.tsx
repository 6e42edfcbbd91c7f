import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod';
import { UPDATE_ACCOUNT_MESSAGES } from '@expiry-radar/shared/api/auth-schemas';
import {
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  newPasswordSchema,
} from '@expiry-radar/shared/domain/password-policy';
import { toastRefusal } from '../../../lib/api-client';
import { apiFieldErrors, hasErrorCode } from '../../../lib/api-error-details';
import { PasswordField } from '../../../components/password-field';
import { useUpdateAccountMutation } from '../api/account-mutations';
import { SectionCard } from './section-card';

export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';

const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, UPDATE_ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(1024, PASSWORD_MESSAGES.tooLong),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
    signOutEverywhere: z.boolean(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  });
type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const SIGN_OUT_EVERYWHERE_LABEL = 'Sign out everywhere and revoke API keys';

const EMPTY: PasswordChange = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  signOutEverywhere: true,
};

/**
 * A new password, with the current one; unless unticked, the user's other sessions and API keys
 * end.
 */
export function PasswordSection() {
  const update = useUpdateAccountMutation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, signOutEverywhere }) => {
    try {
      await update.mutateAsync({ currentPassword, newPassword, signOutEverywhere });
      reset(EMPTY);
    } catch (error) {
      const fields = apiFieldErrors(error);
      let placed = false;
      if (fields.currentPassword) {
        setError('currentPassword', { message: fields.currentPassword });
        placed = true;
      }
      if (fields.newPassword) {
        setError('newPassword', { message: fields.newPassword });
        placed = true;
      }
      if (hasErrorCode(error, 'INVALID_CURRENT_PASSWORD') && error instanceof Error) {
        setError('currentPassword', { message: error.message });
        placed = true;
      }
      if (!placed) toastRefusal(error);
    }
  });

  return (
    <SectionCard
      id="account-password"
      title="Password"
      description="Signed up with Google? Set a first password through “Forgot password?” on the sign-in page."
    >
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        aria-labelledby="account-password"
        onSubmit={(event) => void onSubmit(event)}
        sx={{ maxWidth: 520 }}
      >
        <PasswordField
          {...register('currentPassword')}
          label="Current password"
          autoComplete="current-password"
          required
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword?.message}
        />
        <PasswordField
          {...register('newPassword')}
          label="New password"
          autoComplete="new-password"
          required
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <PasswordField
          {...register('confirmPassword')}
          label="Confirm new password"
          autoComplete="new-password"
          required
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword?.message}
        />
        {/* Controlled: MUI's Checkbox keeps its own state, so a registered one drew its ticked
            default as empty. */}
        <Controller
          name="signOutEverywhere"
          control={control}
          render={({ field: { value, onChange, onBlur, name } }) => (
            <FormControlLabel
              control={
                <Checkbox
                  name={name}
                  checked={value}
                  onChange={(event) => onChange(event.target.checked)}
                  onBlur={onBlur}
                />
              }
              label={SIGN_OUT_EVERYWHERE_LABEL}
            />
          )}
        />
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Changing password…' : 'Change password'}
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
