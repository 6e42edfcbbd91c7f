import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { SUCCESS_MESSAGES } from '@expiry-radar/shared/messages/success-messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PasswordField } from '../../../components/password-field';
import { Spinner } from '../../../components/spinner';
import { toastRefusal } from '../../../lib/api-client';
import { apiFieldErrors, hasErrorCode } from '../../../lib/api-error-details';
import { paths } from '../../../lib/paths';
import { signedOutState } from '../../session';
import { accountDeletionPreviewQueryOptions } from '../api/account-deletion-api';
import { useDeleteAccountMutation } from '../api/account-mutations';
import { DELETE_WITH_ACCOUNT, OwnedWorkspacesOnDeletion } from './owned-workspaces-on-deletion';
import { SectionCard } from './section-card';

export const DELETE_ACCOUNT_WARNING =
  'This action cannot be undone. Your account and your sessions are deleted permanently, and you leave every workspace. A workspace you own passes to another admin, else to its longest-standing workspace manager, under their plan; one with no admin or workspace manager left (only viewers, or nobody) is deleted permanently with its tokens.';

/** Codes for which the password field says what is wrong. */
const PASSWORD_CODES = ['INVALID_CURRENT_PASSWORD', 'REAUTHENTICATION_REQUIRED'] as const;

export const OWNED_WORKSPACES_UNAVAILABLE =
  'Your workspaces could not be listed. Deleting still passes each one to an admin or workspace manager, or deletes it when it has none.';

/** What deletion does to the workspaces the account owns, with a new owner to choose for each. */
function OwnedWorkspacesSection({
  choices,
  onChoose,
}: {
  choices: Readonly<Record<string, string>>;
  onChoose: (workspaceId: string, memberId: string) => void;
}) {
  const preview = useQuery(accountDeletionPreviewQueryOptions());
  if (preview.isPending) return <Spinner minHeight={80} />;
  if (preview.isError) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {OWNED_WORKSPACES_UNAVAILABLE}
      </Alert>
    );
  }
  if (preview.data.workspaces.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Your workspaces
      </Typography>
      <OwnedWorkspacesOnDeletion
        workspaces={preview.data.workspaces}
        choices={choices}
        onChoose={onChoose}
      />
    </Box>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [successors, setSuccessors] = useState<Record<string, string>>({});
  const remove = useDeleteAccountMutation();

  const choose = (workspaceId: string, memberId: string) =>
    setSuccessors((current) => ({ ...current, [workspaceId]: memberId }));

  const confirm = async () => {
    setPasswordError(null);
    const handedOver = Object.fromEntries(
      Object.entries(successors).filter(([, memberId]) => memberId !== DELETE_WITH_ACCOUNT),
    );
    try {
      await remove.mutateAsync({
        password: password === '' ? undefined : password,
        successors: handedOver,
      });
    } catch (error) {
      const fieldMessage = apiFieldErrors(error).password;
      if (fieldMessage) setPasswordError(fieldMessage);
      else if (PASSWORD_CODES.some((code) => hasErrorCode(error, code)) && error instanceof Error) {
        setPasswordError(error.message);
      } else toastRefusal(error);
      throw error;
    }
    // Once home is on screen the root layout drops the cached session and answers, and says so.
    await navigate(paths.home, { state: signedOutState(SUCCESS_MESSAGES.accountDeleted) });
  };

  return (
    <ConfirmDialog
      id="delete-account"
      title="Delete your account?"
      confirmLabel="Delete account"
      busyLabel="Deleting…"
      maxWidth="sm"
      fullScreenOnPhones
      onClose={onClose}
      onConfirm={confirm}
    >
      <Alert id="delete-account-description" severity="error" sx={{ mb: 2 }}>
        {DELETE_ACCOUNT_WARNING}
      </Alert>
      <OwnedWorkspacesSection choices={successors} onChoose={choose} />
      <DialogContentText sx={{ mb: 2 }}>
        Enter your password to confirm. It is not needed if you signed in within the last 10 minutes
        (for example with Google).
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
    </ConfirmDialog>
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
      description="Deletes your account and signs you out. Each workspace you own passes to one of its admins or workspace managers, or is deleted when it has none."
    >
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </SectionCard>
  );
}
