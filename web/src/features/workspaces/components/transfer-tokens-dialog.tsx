import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  TRANSFER_MAX_TOKENS,
  type Workspace,
} from '@expiry-radar/shared/api/workspace-api-schemas';
import { useTransferTokensMutation } from '../api/workspace-mutations';
import { formRefusal } from '../../../lib/api-client';
import { canTransferFrom, canTransferInto } from '../workspace-permissions';
import { workspaceOptionLabels } from '../workspace-option-labels';
import { TransferTokenList } from './transfer-token-list';

interface TransferTokensDialogProps {
  /** Every workspace of the user (frozen ones included). */
  workspaces: Workspace[];
  /** The workspace the dialog was opened from: the target, or the source when it is frozen. */
  workspace: Workspace;
  onClose: () => void;
}

function initialPair(workspaces: Workspace[], workspace: Workspace) {
  const sources = workspaces.filter(canTransferFrom);
  const targets = workspaces.filter(canTransferInto);
  if (canTransferInto(workspace)) {
    const from =
      sources.find((w) => w.id !== workspace.id && w.is_frozen) ??
      sources.find((w) => w.id !== workspace.id);
    return { from: from?.id ?? '', into: workspace.id };
  }
  return { from: workspace.id, into: targets[0]?.id ?? '' };
}

/**
 * "Transfer tokens" (route table: transferTokens into the target): choose the workspace to
 * move tokens from (frozen ones too: this is how they are emptied), the active one to move them
 * into, and up to 48 tokens; all or nothing. Moved tokens get new ids in the target.
 */
export function TransferTokensDialog({
  workspaces,
  workspace,
  onClose,
}: TransferTokensDialogProps) {
  const [pair, setPair] = useState(() => initialPair(workspaces, workspace));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const sources = workspaces.filter((w) => canTransferFrom(w) && w.id !== pair.into);
  const targets = workspaces.filter((w) => canTransferInto(w) && w.id !== pair.from);
  const labels = workspaceOptionLabels(workspaces, { markFrozen: true });

  const transfer = useTransferTokensMutation({
    onSuccess: onClose,
    onError: (error) => setFailure(formRefusal(error)),
  });

  const noPair = sources.length === 0 || targets.length === 0;

  return (
    <Dialog
      open
      onClose={transfer.isPending ? undefined : onClose}
      aria-labelledby="transfer-tokens-title"
      aria-describedby="transfer-tokens-description"
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pair.from || !pair.into || selected.size === 0) return;
          setFailure(null);
          transfer.mutate({
            fromWorkspaceId: pair.from,
            targetWorkspaceId: pair.into,
            tokenIds: [...selected],
          });
        }}
      >
        <DialogTitle id="transfer-tokens-title">Transfer tokens</DialogTitle>
        <DialogContent>
          <DialogContentText id="transfer-tokens-description" sx={{ mb: 2 }}>
            Move up to {TRANSFER_MAX_TOKENS} tokens at a time between workspaces you manage: they
            leave the source workspace, all or none. This is how a frozen workspace is emptied.
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {noPair ? (
            <Alert severity="info">
              A transfer needs another workspace you manage (as admin or workspace manager) and an
              active one to receive the tokens.
            </Alert>
          ) : (
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  id="transfer-from"
                  label="From workspace"
                  value={pair.from}
                  onChange={(event) => {
                    setPair((current) => ({ ...current, from: event.target.value }));
                    setSelected(new Set());
                  }}
                  sx={{ flex: 1 }}
                >
                  {sources.map((w) => (
                    <MenuItem key={w.id} value={w.id}>
                      {labels.get(w.id)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  id="transfer-into"
                  label="Into workspace"
                  value={pair.into}
                  onChange={(event) =>
                    setPair((current) => ({ ...current, into: event.target.value }))
                  }
                  sx={{ flex: 1 }}
                >
                  {targets.map((w) => (
                    <MenuItem key={w.id} value={w.id}>
                      {labels.get(w.id)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              {pair.from && (
                <TransferTokenList
                  key={pair.from}
                  sourceId={pair.from}
                  selected={selected}
                  onChange={setSelected}
                />
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={transfer.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={noPair || !pair.into || selected.size === 0 || transfer.isPending}
          >
            {transfer.isPending
              ? 'Transferring…'
              : `Transfer ${selected.size} ${selected.size === 1 ? 'token' : 'tokens'}`}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
