/**
 * Styles of the token table's head and rows and the cards' actions (the expiry pills':
 * components/expiry-pill.tsx), as plain class names styled once by their container (the table,
 * the card list). A category card shows up to hundreds of rows, and the dashboard four tables:
 * plain elements with one container class render several times faster than MUI's TableCells,
 * TableSortLabels, Chips and Buttons. The rules follow MUI's own (small head and body TableCell,
 * TableSortLabel, hover TableRow, small outlined/filled Chip, small text Button in this theme),
 * so the tables look as they did. Plain emotion styles (`styled`), not `sx`: no theme spacing or
 * radius scaling of the numbers.
 */
import type { CSSObject, Theme } from '@mui/material/styles';
import { alpha, darken, lighten } from '@mui/material/styles';
import { cellTextClasses } from '../../../components/cell-text';

export const rowClasses = {
  row: 'TokenRow-root',
  name: 'TokenRow-name',
  nowrap: 'TokenRow-nowrap',
  actions: 'TokenRow-actions',
} as const;

export const headClasses = {
  cell: 'TokenTableHead-cell',
  /** A sortable column's header: the button that sorts by it. */
  sort: 'TokenTableHead-sort',
  /** The sorting column's button (its arrow shown). */
  active: 'TokenTableHead-active',
  /** The arrow: down when sorting descending, up when ascending. */
  arrow: 'TokenTableHead-arrow',
  ascending: 'TokenTableHead-ascending',
  /** The Actions column: as wide as its buttons, the other columns get the rest. */
  actions: 'TokenTableHead-actions',
} as const;

export const actionClasses = {
  group: 'TokenActions-root',
  button: 'TokenActions-button',
  danger: 'TokenActions-danger',
} as const;

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
      minWidth: 0,
      minHeight: 32,
      padding: '4px 8px',
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

/**
 * A small MUI TableCell, head or body: its type, padding and the line under it (the divider
 * colour without its transparency).
 */
function smallCellStyles(theme: Theme): CSSObject {
  const divider = alpha(theme.palette.divider, 1);
  const border = theme.palette.mode === 'light' ? lighten(divider, 0.88) : darken(divider, 0.68);
  return {
    ...theme.typography.body2,
    display: 'table-cell',
    verticalAlign: 'inherit',
    borderBottom: `1px solid ${border}`,
    textAlign: 'left',
    // Narrower than MUI's 16 px: a category's columns and its three actions fit at 1280 px.
    padding: '6px 10px',
    color: theme.palette.text.primary,
  };
}

/** The token table's head: column names, the sortable ones buttons (MUI TableSortLabel look). */
export function headStyles(theme: Theme): CSSObject {
  const { text } = theme.palette;
  return {
    [`& .${headClasses.cell}`]: {
      ...smallCellStyles(theme),
      lineHeight: theme.typography.pxToRem(24),
      fontWeight: 700,
      whiteSpace: 'nowrap',
    },
    [`& .${headClasses.actions}`]: { width: '1%' },
    [`& .${headClasses.sort}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'flex-start',
      padding: 0,
      margin: 0,
      border: 0,
      background: 'none',
      font: 'inherit',
      color: 'inherit',
      cursor: 'pointer',
      userSelect: 'none',
      WebkitTapHighlightColor: 'transparent',
      '&:hover, &:focus-visible': { color: text.secondary },
      [`&:hover .${headClasses.arrow}`]: { opacity: 0.5 },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    },
    [`& .${headClasses.arrow}`]: {
      width: 18,
      height: 18,
      flexShrink: 0,
      margin: '0 4px',
      opacity: 0,
      transition: theme.transitions.create(['opacity', 'transform'], {
        duration: theme.transitions.duration.shorter,
      }),
    },
    [`& .${headClasses.sort}.${headClasses.active}`]: {
      color: text.primary,
      [`& .${headClasses.arrow}`]: { opacity: 1, color: text.secondary },
    },
    [`& .${headClasses.ascending}`]: { transform: 'rotate(180deg)' },
  };
}

/** A body row of the token table (MUI small TableCell and hover TableRow look). */
export function rowStyles(theme: Theme): CSSObject {
  return {
    [`& .${rowClasses.row}`]: {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'middle',
      outline: 0,
      cursor: 'pointer',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '& > td, & > th': smallCellStyles(theme),
      // Names keep more of their width than the other texts when the table is narrow.
      [`& > .${rowClasses.name}`]: {
        fontWeight: 600,
        [`& .${cellTextClasses.clip}`]: { gridTemplateColumns: 'minmax(11rem, max-content)' },
      },
      [`& > .${rowClasses.nowrap}`]: { whiteSpace: 'nowrap' },
      [`& > .${rowClasses.actions}`]: { width: '1%' },
    },
  };
}
