import Chip from '@mui/material/Chip';
import type { Token } from '@expiry-radar/shared/domain/token';
import { formatDateValue } from '../../../lib/date-format';

export const REMOVED_AT_SOURCE = 'Removed at source';

/**
 * A discovered token its integration no longer finds: kept (never deleted by a sync), marked so,
 * with the day the sync noticed as its tooltip.
 */
export function RemovedAtSourceChip({ token }: { token: Token }) {
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
      sx={{ ml: 1, verticalAlign: 'middle' }}
    />
  );
}
