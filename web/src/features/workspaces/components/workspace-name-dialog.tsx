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
import { useForm } from 'react-hook-form';
import type * as z from 'zod';
import {
  renameWorkspaceBody,
  WORKSPACE_NAME_MAX_LENGTH,
  workspaceNameTakenMessage,
} from '@expiry-radar/shared/api/workspace-api-schemas';
import { sameWorkspaceName } from '@expiry-radar/shared/domain/workspace-names';
import { UnsavedChangesGuard, useDiscardConfirmation } from '../../../components/unsaved-changes';
import { requestFailure } from '../request-failure';

type NameInput = z.input<typeof renameWorkspaceBody>;
type NameValues = z.output<typeof renameWorkspaceBody>;

interface WorkspaceNameDialogProps {
  /** Makes the ids and the accessible names unique ("create-workspace"). */
  id: string;
  title: string;
  description: string;
  submitLabel: string;
  initialName?: string;
  /**
   * The names of the user's other own workspaces: one of them (without regard to case) is refused
   * at once, as the server would.
   */
  takenNames?: readonly string[];
  onClose: () => void;
  /** Sends the name; a rejection keeps the dialog open with the server's reason. */
  onSubmit: (name: string) => Promise<unknown>;
}

/**
 * Create and Rename: one name field, validated like the server (required, at most 100, not a name
 * of the user's other workspaces). A changed name is not dropped silently: closing or leaving the
 * page asks first.
 */
export function WorkspaceNameDialog({
  id,
  title,
  description,
  submitLabel,
  initialName = '',
  takenNames = [],
  onClose,
  onSubmit,
}: WorkspaceNameDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<NameInput, unknown, NameValues>({
    resolver: zodResolver(renameWorkspaceBody),
    defaultValues: { name: initialName },
  });
  const { requestDiscard, confirmation } = useDiscardConfirmation(isDirty, onClose);

  const submit = handleSubmit(async ({ name }) => {
    setFailure(null);
    const taken = takenNames.find((other) => sameWorkspaceName(other, name));
    if (taken !== undefined) {
      setError('name', { type: 'taken', message: workspaceNameTakenMessage(taken) });
      return;
    }
    try {
      await onSubmit(name);
    } catch (error) {
      const reason = requestFailure(error, 'name');
      if (reason.field !== undefined) setError('name', { type: 'server', message: reason.field });
      else setFailure(reason.message);
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : requestDiscard}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-description`}>{description}</DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <TextField
            {...register('name')}
            id={`${id}-name`}
            label="Workspace name"
            required
            fullWidth
            autoFocus
            margin="normal"
            autoComplete="off"
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? `At most ${WORKSPACE_NAME_MAX_LENGTH} characters.`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={requestDiscard} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      {confirmation}
    </Dialog>
  );
}
