import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Token } from '@expiry-radar/shared/domain/token';

export interface TokenActionHandlers {
  onDetails: (token: Token) => void;
  onRenew: (token: Token) => void;
  onDelete: (token: Token) => void;
}

interface TokenActionsProps extends TokenActionHandlers {
  token: Token;
  canEdit: boolean;
}

/** Details for everyone; Renew and Delete for admins and workspace managers (spec §2, §6). */
export function TokenActions({ token, canEdit, onDetails, onRenew, onDelete }: TokenActionsProps) {
  const run = (action: (token: Token) => void) => (event: MouseEvent) => {
    // The row opens the details itself; a button does only its own action.
    event.stopPropagation();
    action(token);
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }}>
      <Button size="small" onClick={run(onDetails)} aria-label={`Details of ${token.name}`}>
        Details
      </Button>
      {canEdit && (
        <>
          <Button size="small" onClick={run(onRenew)} aria-label={`Renew ${token.name}`}>
            Renew
          </Button>
          <Button
            size="small"
            color="error"
            onClick={run(onDelete)}
            aria-label={`Delete ${token.name}`}
          >
            Delete
          </Button>
        </>
      )}
    </Box>
  );
}
