import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Token } from '@expiry-radar/shared/domain/token';
import { useDeleteTokenMutation } from '../../tokens';
import { categoryLabel, formatDate, typeLabel } from '../token-display';

export const DELETE_WARNING =
  'This action cannot be undone. The token will be permanently deleted.';

interface DeleteTokenDialogProps {
  token: Token;
  onClose: () => void;
  onDeleted: (token: Token) => void;
}

/** "Confirm Token Deletion" (spec §2): what will be deleted, Cancel or Delete Token. */
export function DeleteTokenDialog({ token, onClose, onDeleted }: DeleteTokenDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteTokenMutation();

  const confirm = async () => {
    setDeleting(true);
    try {
      await remove.mutateAsync(token);
    } catch {
      // The API client showed the error; the dialog stays open to try again.
      setDeleting(false);
      return;
    }
    onDeleted(token);
  };

  const details: Array<[string, string]> = [
    ['Name', token.name],
    ['Type', typeLabel(token)],
    ['Category', categoryLabel(token)],
    ['Expiration', formatDate(token.expiresAt)],
  ];

  return (
    <Dialog
      open
      onClose={deleting ? undefined : onClose}
      aria-labelledby="delete-token-title"
      aria-describedby="delete-token-warning"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="delete-token-title">Confirm Token Deletion</DialogTitle>
      <DialogContent>
        <Alert id="delete-token-warning" severity="warning" sx={{ mb: 2 }}>
          {DELETE_WARNING}
        </Alert>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.75,
            m: 0,
          }}
        >
          {details.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="textSecondary" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={deleting}
        >
          Delete Token
        </Button>
      </DialogActions>
    </Dialog>
  );
}
