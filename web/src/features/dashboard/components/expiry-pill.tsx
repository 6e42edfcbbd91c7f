import type { ExpiryStatusKind } from '@expiry-radar/shared/domain/expiry-status';
import { expiryStatus } from '@expiry-radar/shared/domain/expiry-status';
import { pillClasses } from './token-row-styles';

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

/**
 * The expiry status badge by days remaining (7, 30 and 365 days). Plain elements (one
 * per table row), styled by the container with `pillStyles` of token-row-styles.
 */
export function ExpiryPill({ expiresAt, now }: ExpiryPillProps) {
  const { status, label } = expiryStatus(expiresAt, now);
  return (
    <span className={pillClasses.root} title={DESCRIPTIONS[status]} data-status={status}>
      <span className={pillClasses.label}>{label}</span>
    </span>
  );
}
