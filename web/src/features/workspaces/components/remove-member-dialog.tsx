import DialogContentText from '@mui/material/DialogContentText';
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';

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
  const invited = member.status === 'invited';
  const who = member.display_name ? `${member.display_name} (${member.email})` : member.email;
  const title = isSelf ? 'Leave workspace?' : invited ? 'Withdraw invitation?' : 'Remove member?';
  const text = isSelf
    ? `You will lose access to “${workspaceName}” and its tokens. An admin or workspace manager can invite you again.`
    : invited
      ? `The invitation of ${who} to “${workspaceName}” is withdrawn; they can no longer accept it.`
      : `${who} loses access to “${workspaceName}” and its tokens. Their own account is not affected.`;

  return (
    <ConfirmDialog
      id="remove-member"
      title={title}
      confirmLabel={isSelf ? 'Leave' : invited ? 'Withdraw invitation' : 'Remove'}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <DialogContentText id="remove-member-description" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </DialogContentText>
    </ConfirmDialog>
  );
}
