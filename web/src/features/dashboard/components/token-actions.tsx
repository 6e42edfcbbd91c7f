import type { MouseEvent } from 'react';
import type { Token } from '@expiry-radar/shared/domain/token';
import { actionClasses } from './token-row-styles';

export interface TokenActionHandlers {
  onDetails: (token: Token) => void;
  onRenew: (token: Token) => void;
  onDelete: (token: Token) => void;
}

interface TokenActionsProps extends TokenActionHandlers {
  token: Token;
  canEdit: boolean;
}

/**
 * Details for everyone; Renew and Delete for admins and workspace managers. Plain
 * buttons (three per row), styled by the container with `actionStyles` of token-row-styles.
 */
export function TokenActions({ token, canEdit, onDetails, onRenew, onDelete }: TokenActionsProps) {
  const run = (action: (token: Token) => void) => (event: MouseEvent) => {
    // The row opens the details itself; a button does only its own action.
    event.stopPropagation();
    action(token);
  };
  return (
    <div className={actionClasses.group}>
      <button
        type="button"
        className={actionClasses.button}
        onClick={run(onDetails)}
        aria-label={`Details of ${token.name}`}
      >
        Details
      </button>
      {canEdit && (
        <>
          <button
            type="button"
            className={actionClasses.button}
            onClick={run(onRenew)}
            aria-label={`Renew ${token.name}`}
          >
            Renew
          </button>
          <button
            type="button"
            className={`${actionClasses.button} ${actionClasses.danger}`}
            onClick={run(onDelete)}
            aria-label={`Delete ${token.name}`}
          >
            Delete
          </button>
        </>
      )}
    </div>
  );
}
