import { useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';

export const DELETE_WORKSPACE_WARNING =
  'This action cannot be undone. The workspace is deleted with its tokens, alert settings and contact groups, pending invitations and memberships; its members lose access. The audit trail is kept until its retention ends.';

interface DeleteWorkspaceDialogProps {
  workspace: Workspace;
  onClose: () => void;
  /** Deletes; a rejection keeps the dialog open (the API client has shown why). */
  onConfirm: () => Promise<unknown>;
}

/** "Delete workspace?": what goes with it, confirmed by typing the workspace's name. */
export function DeleteWorkspaceDialog({
  workspace,
  onClose,
  onConfirm,
}: DeleteWorkspaceDialogProps) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === workspace.name.trim();

  return (
    <ConfirmDialog
      id="delete-workspace"
      title="Delete workspace?"
      confirmLabel="Delete workspace"
      canConfirm={matches}
      maxWidth="sm"
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <Alert id="delete-workspace-description" severity="warning" sx={{ mb: 2 }}>
        {DELETE_WORKSPACE_WARNING}
      </Alert>
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        Type <strong>{workspace.name}</strong> to confirm.
      </DialogContentText>
      <TextField
        id="delete-workspace-confirm-name"
        label="Workspace name"
        fullWidth
        autoFocus
        margin="normal"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </ConfirmDialog>
  );
}
