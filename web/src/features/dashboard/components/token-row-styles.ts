/**
 * Styles of the token rows and cards' actions (the expiry pills': components/expiry-pill.tsx), as
 * plain class names styled once by their container (the table, the card list). A category card shows up to
 * hundreds of rows: plain elements with one container class render several times faster than an
 * MUI TableRow, TableCells, Chip and three Buttons per row. The rules follow MUI's own (small
 * body TableCell, hover TableRow, small outlined/filled Chip, small text Button in this theme), so
 * the rows look as they did. Plain emotion styles (`styled`), not `sx`: no theme spacing or
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
