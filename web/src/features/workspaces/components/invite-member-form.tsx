import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type * as z from 'zod';
import { addMemberBody, ASSIGNABLE_ROLES } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { EmailField } from '../../../components/email-field';
import { requestFailure } from '../request-failure';
import type { AssignableRole } from '../workspace-permissions';

type InviteInput = z.input<typeof addMemberBody>;
type InviteValues = z.output<typeof addMemberBody>;

interface InviteMemberFormProps {
  /** Sends the invitation; a rejection keeps the form filled with the server's reason. */
  onInvite: (invite: { email: string; role: AssignableRole }) => Promise<unknown>;
}

/** Invite by email with the workspace manager or viewer role. */
export function InviteMemberForm({ onInvite }: InviteMemberFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(addMemberBody),
    defaultValues: { email: '', role: 'viewer' },
  });

  // Invite is turned off while it is sent, and the browser then drops its focus to the page:
  // it goes to the address instead, for the next invitation or to correct this one (before the
  // reset, which unregisters the fields until the next render).
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onInvite(values);
      setFocus('email');
      reset({ email: '', role: values.role });
    } catch (error) {
      const reason = requestFailure(error, 'email');
      if (reason.field !== undefined) setError('email', { type: 'server', message: reason.field });
      else setFailure(reason.message);
      setFocus('email');
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      aria-label="Invite a member"
      onSubmit={(event) => void submit(event)}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <EmailField
          {...register('email')}
          id="invite-member-email"
          autoComplete="off"
          size="small"
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          sx={{ flex: 2, width: { xs: '100%', sm: 'auto' } }}
        />
        <Controller
          control={control}
          name="role"
          render={({ field, fieldState }) => (
            <TextField
              select
              id="invite-member-role"
              label="Role"
              size="small"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              sx={{ flex: 1, minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
            >
              {ASSIGNABLE_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ minHeight: 40 }}>
          {isSubmitting ? 'Inviting…' : 'Invite'}
        </Button>
      </Stack>
    </Stack>
  );
}
