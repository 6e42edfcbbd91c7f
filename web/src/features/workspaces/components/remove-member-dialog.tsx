import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';

interface RemoveMemberDialogProps {
  member: Member;
  workspaceName: string;
  /** The member is the signed-in user: removing is leaving. */
  isSelf: boolean;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}

/** Confirms removing a member, cancelling an invitation, or leaving the workspace. */
export function RemoveMemberDialog({
  member,
  workspaceName,
  isSelf,
  onClose,
  onConfirm,
}: RemoveMemberDialogProps) {
  const [removing, setRemoving] = useState(false);
  const invited = member.status === 'invited';
  const who = member.display_name ? `${member.display_name} (${member.email})` : member.email;
  const title = isSelf ? 'Leave workspace?' : invited ? 'Withdraw invitation?' : 'Remove member?';
  const text = isSelf
    ? `You will lose access to “${workspaceName}” and its tokens. An admin or workspace manager can invite you again.`
    : invited
      ? `The invitation of ${who} to “${workspaceName}” is withdrawn; they can no longer accept it.`
      : `${who} loses access to “${workspaceName}” and its tokens. Their own account is not affected.`;

  const confirm = async () => {
    setRemoving(true);
    try {
      await onConfirm();
    } catch {
      setRemoving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={removing ? undefined : onClose}
      aria-labelledby="remove-member-title"
      aria-describedby="remove-member-text"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="remove-member-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="remove-member-text" sx={{ overflowWrap: 'anywhere' }}>
          {text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={removing}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={removing}
        >
          {isSelf ? 'Leave' : invited ? 'Withdraw invitation' : 'Remove'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
