import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useNavigate } from 'react-router';
import { apiFieldErrors, hasErrorCode } from '../../../lib/api-error-details';
import { paths } from '../../../lib/paths';
import { PasswordField } from '../../../components/password-field';
import { SIGNED_OUT_STATE } from '../../session';
import { useDeleteAccountMutation } from '../api/account-mutations';
import { SectionCard } from './section-card';

export const DELETE_ACCOUNT_WARNING =
  'This action cannot be undone. Your account, your sessions and the workspaces that only you belong to are deleted permanently; you leave every other workspace.';

/** Codes for which the password field says what is wrong. */
const PASSWORD_CODES = ['INVALID_CURRENT_PASSWORD', 'REAUTHENTICATION_REQUIRED'] as const;

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteAccountMutation();

  const close = () => {
    if (deleting) return;
    setPassword('');
    setPasswordError(null);
    onClose();
  };

  const confirm = async () => {
    setDeleting(true);
    setPasswordError(null);
    try {
      await remove.mutateAsync(password === '' ? undefined : password);
    } catch (error) {
      setDeleting(false);
      const fieldMessage = apiFieldErrors(error).password;
      if (fieldMessage) setPasswordError(fieldMessage);
      else if (PASSWORD_CODES.some((code) => hasErrorCode(error, code)) && error instanceof Error) {
        setPasswordError(error.message);
      }
      return;
    }
    // The root layout drops the cached session and answers once home is on screen.
    await navigate(paths.home, { state: SIGNED_OUT_STATE });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Delete your account?</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          <Alert severity="error" sx={{ mb: 2 }}>
            {DELETE_ACCOUNT_WARNING}
          </Alert>
          <DialogContentText sx={{ mb: 2 }}>
            Enter your password to confirm. It is not needed if you signed in within the last 10
            minutes (for example with Google).
          </DialogContentText>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            fullWidth
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError !== null}
            helperText={passwordError ?? undefined}
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button type="button" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete Account'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

/** Deleting the account, behind a confirmation dialog. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard
      id="account-delete"
      title="Delete account"
      tone="danger"
      description="Deletes your account and signs you out. Workspaces shared with others stay with them."
    >
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </SectionCard>
  );
}
