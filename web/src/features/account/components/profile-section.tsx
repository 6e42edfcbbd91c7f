import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod';
import type { SessionUser } from '@expiry-radar/shared/api/auth-schemas';
import { NAME_MAX_LENGTH } from '@expiry-radar/shared/api/auth-schemas';
import { emailSchema } from '@expiry-radar/shared/domain/email';
import { VALIDATION_MESSAGES } from '@expiry-radar/shared/domain/validation-messages';
import { toastRefusal } from '../../../lib/api-client';
import { apiFieldErrors, hasErrorCode } from '../../../lib/api-error-details';
import { EmailField } from '../../../components/email-field';
import { PasswordField } from '../../../components/password-field';
import type { UpdateAccountRequest } from '../api/account-mutations';
import { useUpdateAccountMutation } from '../api/account-mutations';
import { SectionCard } from './section-card';

export const EMAIL_CHANGE_HINT =
  'A link goes to the new address; your current address stays in force until it is used.';

/** "Waiting for new@example.com to be confirmed…" with its cancel button. */
function PendingEmailNotice({
  pendingEmail,
  currentEmail,
}: {
  pendingEmail: string;
  currentEmail: string;
}) {
  const update = useUpdateAccountMutation();
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={update.isPending}
          onClick={() => update.mutate({ email: currentEmail }, { onError: toastRefusal })}
        >
          Cancel change
        </Button>
      }
    >
      {`Moving to ${pendingEmail}: open the link sent there to complete the change. Until then your current address stays in force.`}
    </Alert>
  );
}

/** Profile fields; a name once given can be changed but not emptied (the server keeps it). */
function profileSchema(hasName: boolean) {
  return z.object({
    name: z
      .string()
      .trim()
      .max(NAME_MAX_LENGTH, VALIDATION_MESSAGES.nameTooLong)
      .refine((name) => !hasName || name !== '', VALIDATION_MESSAGES.nameRequired),
    email: emailSchema,
    currentPassword: z.string().max(1024),
  });
}
type ProfileInput = z.input<ReturnType<typeof profileSchema>>;
type ProfileValues = z.output<ReturnType<typeof profileSchema>>;
type ProfileField = keyof ProfileInput;

const FIELDS: readonly ProfileField[] = ['name', 'email', 'currentPassword'];

function defaultsOf(user: SessionUser): ProfileInput {
  return { name: user.name ?? '', email: user.email, currentPassword: '' };
}

/** What changed, as the body of the account update. */
function changesOf(user: SessionUser, values: ProfileValues): UpdateAccountRequest {
  const body: UpdateAccountRequest = {};
  if (values.name !== '' && values.name !== user.name) body.name = values.name;
  if (values.email !== user.email) {
    body.email = values.email;
    if (values.currentPassword !== '') body.currentPassword = values.currentPassword;
  }
  return body;
}

/** Display name and email address. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const update = useUpdateAccountMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema(user.name !== null && user.name !== '')),
    defaultValues: defaultsOf(user),
  });
  const email = useWatch({ control, name: 'email' });
  const emailChanges = email.trim().toLowerCase() !== user.email;

  const onSubmit = handleSubmit(async (values) => {
    const body = changesOf(user, values);
    if (Object.keys(body).length === 0) {
      reset(defaultsOf(user));
      return;
    }
    try {
      const answer = await update.mutateAsync(body);
      reset(defaultsOf(answer.user));
    } catch (error) {
      const fields = apiFieldErrors(error);
      let placed = false;
      for (const field of FIELDS) {
        if (!fields[field]) continue;
        setError(field, { message: fields[field] });
        placed = true;
      }
      if (hasErrorCode(error, 'INVALID_CURRENT_PASSWORD') && error instanceof Error) {
        setError('currentPassword', { message: error.message });
        placed = true;
      }
      if (hasErrorCode(error, 'EMAIL_TAKEN') && error instanceof Error) {
        setError('email', { message: error.message });
        placed = true;
      }
      if (!placed) toastRefusal(error);
    }
  });

  return (
    <SectionCard
      id="account-profile"
      title="Profile"
      description="Your name is shown to the members of your workspaces; alerts and account emails go to your address."
    >
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        aria-labelledby="account-profile"
        onSubmit={(event) => void onSubmit(event)}
        sx={{ maxWidth: 520 }}
      >
        <TextField
          {...register('name')}
          label="Display name"
          autoComplete="name"
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
        />
        {user.pendingEmail && (
          <PendingEmailNotice pendingEmail={user.pendingEmail} currentEmail={user.email} />
        )}
        <EmailField
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? (emailChanges ? EMAIL_CHANGE_HINT : undefined)}
        />
        {emailChanges && (
          <PasswordField
            {...register('currentPassword')}
            label="Current password"
            autoComplete="current-password"
            error={Boolean(errors.currentPassword)}
            helperText={
              errors.currentPassword?.message ??
              'Needed to change the address of an account that has a password.'
            }
          />
        )}
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save profile'}
          </Button>
          <Button
            type="button"
            disabled={isSubmitting || !isDirty}
            onClick={() => reset(defaultsOf(user))}
          >
            Discard changes
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
