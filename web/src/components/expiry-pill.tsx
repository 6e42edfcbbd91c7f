/**
 * The expiry status badge, one look everywhere it shows (the token table, cards and details, the
 * landing page's preview). A plain element (one per table row), styled once by its container
 * with `pillStyles` (the look of a small MUI Chip), or wrapped in `PillScope` when alone.
 */
import type { CSSObject, Theme } from '@mui/material/styles';
import { alpha, styled } from '@mui/material/styles';
import type { ExpiryStatusKind } from '@expiry-radar/shared/domain/expiry-status';
import { expiryStatus } from '@expiry-radar/shared/domain/expiry-status';

export const pillClasses = {
  root: 'ExpiryPill-root',
  label: 'ExpiryPill-label',
} as const;

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

/** The expiry status badge by days remaining (7, 30 and 365 days). */
export function ExpiryPill({ expiresAt, now }: ExpiryPillProps) {
  const { status, label } = expiryStatus(expiresAt, now);
  return (
    <span className={pillClasses.root} title={DESCRIPTIONS[status]} data-status={status}>
      <span className={pillClasses.label}>{label}</span>
    </span>
  );
}

type PillColor = 'error' | 'warning' | 'success' | 'info';

/** The badge colours by status: filled when expired (or invalid), outlined otherwise. */
const PILL_LOOK: Readonly<Record<ExpiryStatusKind, { color: PillColor | null; filled: boolean }>> =
  {
    expired: { color: 'error', filled: true },
    critical: { color: 'error', filled: false },
    warning: { color: 'warning', filled: false },
    ok: { color: 'success', filled: false },
    long_term: { color: 'info', filled: false },
    invalid: { color: null, filled: true },
  };

/** The expiry pill (MUI small Chip look): `.ExpiryPill-root[data-status]` with its label. */
export function pillStyles(theme: Theme): CSSObject {
  const statuses = Object.fromEntries(
    Object.entries(PILL_LOOK).map(([status, { color, filled }]): [string, CSSObject] => {
      const selector = `& .${pillClasses.root}[data-status="${status}"]`;
      if (color === null) {
        return [
          selector,
          {
            backgroundColor: theme.palette.action.selected,
            color: theme.palette.text.primary,
          },
        ];
      }
      const palette = theme.palette[color];
      return [
        selector,
        filled
          ? { backgroundColor: palette.main, color: palette.contrastText }
          : {
              backgroundColor: 'transparent',
              color: palette.main,
              border: `1px solid ${alpha(palette.main, 0.7)}`,
              [`& .${pillClasses.label}`]: { paddingLeft: 7, paddingRight: 7 },
            },
      ];
    }),
  );
  return {
    [`& .${pillClasses.root}`]: {
      maxWidth: '100%',
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      fontWeight: 600,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      height: 24,
      lineHeight: 1.5,
      borderRadius: 16,
      whiteSpace: 'nowrap',
      border: 0,
      padding: 0,
      verticalAlign: 'middle',
      boxSizing: 'border-box',
    },
    [`& .${pillClasses.label}`]: {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      paddingLeft: 8,
      paddingRight: 8,
      whiteSpace: 'nowrap',
    },
    ...statuses,
  };
}

/** Around pills outside a styled container (the details dialog, the landing preview). */
export const PillScope = styled('div')(({ theme }) => pillStyles(theme));
