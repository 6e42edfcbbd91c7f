import Chip from '@mui/material/Chip';
import type { Token } from '@expiry-radar/shared/domain/token';
import { formatDateValue } from '../../../lib/date-format';

export const REMOVED_AT_SOURCE = 'Removed at source';

/**
 * A discovered token its integration no longer finds: kept (never deleted by a sync), marked so,
 * with the day the sync noticed as its tooltip. In the table it sits on its own line under the
 * name, small enough not to widen the name column (which would push the actions out of view).
 */
export function RemovedAtSourceChip({
  token,
  placement = 'inline',
}: {
  token: Token;
  placement?: 'inline' | 'below';
}) {
  const removedAt = token.source?.removed_at;
  if (!removedAt) return null;
  const day = formatDateValue(removedAt, 'date')?.text ?? removedAt;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={REMOVED_AT_SOURCE}
      title={`No longer found by its integration since ${day}`}
      sx={
        placement === 'below'
          ? { display: 'flex', width: 'fit-content', mt: 0.5, height: 20, fontSize: '0.6875rem' }
          : { ml: 1, verticalAlign: 'middle' }
      }
    />
  );
}
