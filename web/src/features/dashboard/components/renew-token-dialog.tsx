import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { EARLIEST_DATE, LATEST_DATE } from '@expiry-radar/shared/domain/calendar-date';
import { renewalExpiryDate } from '@expiry-radar/shared/domain/default-expiry';
import type {
  RenewTokenData,
  RenewTokenInput,
} from '@expiry-radar/shared/domain/renew-token-schema';
import {
  RENEW_FAILED_MESSAGE,
  renewTokenFormSchema,
} from '@expiry-radar/shared/domain/renew-token-schema';
import type { Token } from '@expiry-radar/shared/domain/token';
import { ApiError, isSessionExpired } from '../../../lib/api-client';
import { useUpdateTokenMutation } from '../../tokens';
import { DateText } from '../../../components/date-text';

export const RENEW_HINT = 'Default set based on token category/type. You can pick any future date.';

interface RenewTokenDialogProps {
  token: Token;
  now: Date;
  onClose: () => void;
  onRenewed: (saved: Token, previous: Token) => void;
}

/** "Renew Token": a new future expiry, suggested by category and type (`renewalExpiryDate`). */
export function RenewTokenDialog({ token, now, onClose, onRenewed }: RenewTokenDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  // Quiet: a failure is said here, in the dialog.
  const renew = useUpdateTokenMutation({ silent: true, renewal: true });
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<RenewTokenInput, unknown, RenewTokenData>({
    resolver: zodResolver(renewTokenFormSchema),
    defaultValues: { expiresAt: renewalExpiryDate(token, now) },
  });

  const onSubmit = handleSubmit(async ({ expiresAt }) => {
    setFailure(null);
    let saved: Token;
    try {
      saved = await renew.mutateAsync({ token, update: { expiresAt } });
    } catch (error) {
      // The client says an expired session in a toast and moves to sign-in.
      if (isSessionExpired(error)) return;
      const message =
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : RENEW_FAILED_MESSAGE;
      setFailure(message);
      return;
    }
    onRenewed(saved, token);
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby="renew-token-title"
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="renew-token-title">Renew Token</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            <strong>{token.name}</strong>
            <br />
            Current expiration: <DateText value={token.expiresAt} kind="day" />
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <Controller
            control={control}
            name="expiresAt"
            render={({ field, fieldState }) => (
              <TextField
                id="renew-token-expires-at"
                label="New Expiration Date"
                type="date"
                required
                fullWidth
                autoFocus
                margin="normal"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? RENEW_HINT}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: EARLIEST_DATE, max: LATEST_DATE },
                }}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Confirm
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
