import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';

export const SUCCESSOR_LABEL = 'Who takes over their tokens?';
export const NO_SUCCESSOR = 'No one: their tokens keep no owner';
export const LEAVING_TOKENS_NOTE = 'Tokens you own there keep no owner.';

interface RemoveMemberDialogProps {
  member: Member;
  workspaceName: string;
  /** The member is the signed-in user: removing is leaving. */
  isSelf: boolean;
  /** The user may name who takes over the member's tokens (admins and workspace managers). */
  canChooseSuccessor: boolean;
  /** The other active members, who may take over the member's tokens. */
  successors?: readonly Member[];
  onClose: () => void;
  /** Confirms, with the member chosen to take over the tokens (null: no one). */
  onConfirm: (successorId: string | null) => Promise<unknown>;
}

const nameOf = (member: Member) =>
  member.display_name ? `${member.display_name} (${member.email})` : member.email;

/**
 * Confirms removing a member, cancelling an invitation, or leaving the workspace. Removing or
 * leaving asks who takes over the tokens the member owns (one of the other members, or no one),
 * of those who may choose; a viewer's tokens keep no owner when they leave.
 */
export function RemoveMemberDialog({
  member,
  workspaceName,
  isSelf,
  canChooseSuccessor,
  successors = [],
  onClose,
  onConfirm,
}: RemoveMemberDialogProps) {
  const [successorId, setSuccessorId] = useState('');
  const invited = member.status === 'invited';
  const choosesSuccessor = canChooseSuccessor && !invited;
  const who = nameOf(member);
  const title = isSelf ? 'Leave workspace?' : invited ? 'Withdraw invitation?' : 'Remove member?';
  const text = isSelf
    ? `You will lose access to “${workspaceName}” and its tokens. An admin or workspace manager can invite you again.${choosesSuccessor ? '' : ` ${LEAVING_TOKENS_NOTE}`}`
    : invited
      ? `The invitation of ${who} to “${workspaceName}” is withdrawn; they can no longer accept it.`
      : `${who} loses access to “${workspaceName}” and its tokens. Their own account is not affected.`;

  return (
    <ConfirmDialog
      id="remove-member"
      title={title}
      confirmLabel={isSelf ? 'Leave' : invited ? 'Withdraw invitation' : 'Remove'}
      onClose={onClose}
      onConfirm={() => onConfirm(!choosesSuccessor || successorId === '' ? null : successorId)}
    >
      <DialogContentText id="remove-member-description" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </DialogContentText>
      {choosesSuccessor && (
        <TextField
          select
          id="remove-member-successor"
          label={SUCCESSOR_LABEL}
          value={successorId}
          onChange={(event) => setSuccessorId(event.target.value)}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{NO_SUCCESSOR}</MenuItem>
          {successors.map((successor) => (
            <MenuItem key={successor.user_id} value={successor.user_id}>
              {nameOf(successor)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ConfirmDialog>
  );
}
