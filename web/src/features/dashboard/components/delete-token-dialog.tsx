import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Token } from '@expiry-radar/shared/domain/token';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateText } from '../../../components/date-text';
import { useDeleteTokenMutation } from '../../tokens';
import { categoryLabel, typeLabel } from '../token-display';

export const DELETE_WARNING =
  'This action cannot be undone. The token will be permanently deleted.';

interface DeleteTokenDialogProps {
  token: Token;
  onClose: () => void;
  onDeleted: (token: Token) => void;
}

/** "Confirm Token Deletion": what will be deleted, Cancel or Delete Token. */
export function DeleteTokenDialog({ token, onClose, onDeleted }: DeleteTokenDialogProps) {
  const remove = useDeleteTokenMutation();
  const details: Array<[string, ReactNode]> = [
    ['Name', token.name],
    ['Type', typeLabel(token)],
    ['Category', categoryLabel(token)],
    ['Expiration', <DateText key="expiration" value={token.expiresAt} kind="day" />],
  ];

  return (
    <ConfirmDialog
      id="delete-token"
      title="Confirm Token Deletion"
      confirmLabel="Delete Token"
      onClose={onClose}
      // A failure keeps the dialog open to try again (the API client showed the error).
      onConfirm={async () => {
        await remove.mutateAsync(token);
        onDeleted(token);
      }}
    >
      <Alert id="delete-token-description" severity="warning" sx={{ mb: 2 }}>
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
    </ConfirmDialog>
  );
}
