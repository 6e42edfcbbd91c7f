/**
 * Styles of the token rows, cards' actions and expiry pills, as plain class names styled once by
 * their container (the table, the card list, the details dialog). A category card shows up to
 * hundreds of rows: plain elements with one container class render several times faster than an
 * MUI TableRow, TableCells, Chip and three Buttons per row. The rules follow MUI's own (small
 * body TableCell, hover TableRow, small outlined/filled Chip, small text Button in this theme), so
 * the rows look as they did. Plain emotion styles (`styled`), not `sx`: no theme spacing or
 * radius scaling of the numbers.
 */
import type { CSSObject, Theme } from '@mui/material/styles';
import { alpha, darken, lighten, styled } from '@mui/material/styles';
import type { ExpiryStatusKind } from '@expiry-radar/shared/domain/expiry-status';
import { cellTextClasses } from '../../../components/cell-text';

export const rowClasses = {
  row: 'TokenRow-root',
  name: 'TokenRow-name',
  nowrap: 'TokenRow-nowrap',
  actions: 'TokenRow-actions',
} as const;

export const pillClasses = {
  root: 'ExpiryPill-root',
  label: 'ExpiryPill-label',
} as const;

export const actionClasses = {
  group: 'TokenActions-root',
  button: 'TokenActions-button',
  danger: 'TokenActions-danger',
} as const;

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

/** Details, Renew and Delete (MUI small text Button look, with a visible keyboard focus). */
export function actionStyles(theme: Theme): CSSObject {
  const { primary, error, action } = theme.palette;
  return {
    [`& .${actionClasses.group}`]: { display: 'flex', gap: theme.spacing(0.5), flexWrap: 'nowrap' },
    [`& .${actionClasses.button}`]: {
      ...theme.typography.button,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      WebkitTapHighlightColor: 'transparent',
      backgroundColor: 'transparent',
      outline: 0,
      border: 0,
      margin: 0,
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      textDecoration: 'none',
      minWidth: 64,
      minHeight: 32,
      padding: '4px 12px',
      fontSize: '0.8125rem',
      whiteSpace: 'nowrap',
      borderRadius: theme.shape.borderRadius,
      color: primary.main,
      transition: theme.transitions.create(['background-color', 'box-shadow'], {
        duration: theme.transitions.duration.short,
      }),
      '&:hover': {
        backgroundColor: alpha(primary.main, action.hoverOpacity),
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
      '&:focus-visible': {
        backgroundColor: alpha(primary.main, action.focusOpacity),
        outline: `2px solid ${primary.main}`,
        outlineOffset: -2,
      },
    },
    [`& .${actionClasses.danger}`]: {
      color: error.main,
      '&:hover': { backgroundColor: alpha(error.main, action.hoverOpacity) },
      '&:focus-visible': {
        backgroundColor: alpha(error.main, action.focusOpacity),
        outline: `2px solid ${error.main}`,
      },
    },
  };
}

/** A body row of the token table (MUI small TableCell and hover TableRow look). */
export function rowStyles(theme: Theme): CSSObject {
  const divider = alpha(theme.palette.divider, 1);
  const border = theme.palette.mode === 'light' ? lighten(divider, 0.88) : darken(divider, 0.68);
  return {
    [`& .${rowClasses.row}`]: {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'middle',
      outline: 0,
      cursor: 'pointer',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '& > td, & > th': {
        ...theme.typography.body2,
        display: 'table-cell',
        verticalAlign: 'inherit',
        borderBottom: `1px solid ${border}`,
        textAlign: 'left',
        padding: '6px 16px',
        color: theme.palette.text.primary,
      },
      // Names keep more of their width than the other texts when the table is narrow.
      [`& > .${rowClasses.name}`]: {
        fontWeight: 600,
        [`& .${cellTextClasses.clip}`]: { gridTemplateColumns: 'minmax(7rem, max-content)' },
      },
      [`& > .${rowClasses.nowrap}`]: { whiteSpace: 'nowrap' },
      [`& > .${rowClasses.actions}`]: { width: '1%' },
    },
  };
}

/** Around a lone expiry pill (the details dialog). */
export const PillScope = styled('div')(({ theme }) => pillStyles(theme));
