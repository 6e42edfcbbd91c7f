import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

interface ConfirmDialogProps {
  /** Names the title (`{id}-title`) and the description (`{id}-description`). */
  id: string;
  title: ReactNode;
  /**
   * What confirming does, read out as the dialog's description; the element carrying the id
   * `{id}-description` is the caller's (a warning, or plain text).
   */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while confirming; the confirm label when not given. */
  busyLabel?: string;
  /** False until the user has done what confirming needs (typed a name). */
  canConfirm?: boolean;
  maxWidth?: 'xs' | 'sm';
  /** Full screen on small screens. */
  fullScreenOnPhones?: boolean;
  onClose: () => void;
  /** Confirms; a rejection keeps the dialog open to try again (the caller has said why). */
  onConfirm: () => Promise<unknown>;
}

/**
 * A dialog that asks before something that cannot be undone: Cancel, or the red confirm button
 * (also Enter in a field). While confirming, both buttons are disabled and the dialog cannot be
 * dismissed; a failure re-enables them, a success leaves closing to the caller.
 */
export function ConfirmDialog({
  id,
  title,
  children,
  confirmLabel,
  busyLabel,
  canConfirm = true,
  maxWidth = 'xs',
  fullScreenOnPhones = false,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const confirm = async () => {
    if (!canConfirm) return;
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreenOnPhones && phone}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!canConfirm || busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
