import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { ExpiryStatusKind } from '@expiry-radar/shared/domain/expiry-status';
import { expiryStatus } from '@expiry-radar/shared/domain/expiry-status';

const COLORS: Readonly<Record<ExpiryStatusKind, ChipProps['color']>> = {
  expired: 'error',
  critical: 'error',
  warning: 'warning',
  ok: 'success',
  long_term: 'info',
  invalid: 'default',
};

const DESCRIPTIONS: Readonly<Record<ExpiryStatusKind, string>> = {
  expired: 'Expired',
  critical: 'Expires in under 7 days',
  warning: 'Expires in under 30 days',
  ok: 'Expires in 30 days or more',
  long_term: 'Expires in a year or more',
  invalid: 'The expiration date is not valid',
};

interface ExpiryPillProps {
  expiresAt: string;
  now: Date;
}

/** The expiry status badge by days remaining (spec §4: 7, 30 and 365 days). */
export function ExpiryPill({ expiresAt, now }: ExpiryPillProps) {
  const { status, label } = expiryStatus(expiresAt, now);
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'expired' || status === 'invalid' ? 'filled' : 'outlined'}
      label={label}
      title={DESCRIPTIONS[status]}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
