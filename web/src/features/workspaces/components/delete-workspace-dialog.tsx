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
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';

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
  const [deleting, setDeleting] = useState(false);
  const matches = typed.trim() === workspace.name.trim();

  const confirm = async () => {
    if (!matches) return;
    setDeleting(true);
    try {
      await onConfirm();
    } catch {
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open
      onClose={deleting ? undefined : onClose}
      aria-labelledby="delete-workspace-title"
      aria-describedby="delete-workspace-warning"
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <DialogTitle id="delete-workspace-title">Delete workspace?</DialogTitle>
        <DialogContent>
          <Alert id="delete-workspace-warning" severity="warning" sx={{ mb: 2 }}>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!matches || deleting}>
            Delete Workspace
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
