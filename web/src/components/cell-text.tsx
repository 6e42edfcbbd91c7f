import type { CSSObject } from '@mui/material/styles';
import { styled } from '@mui/material/styles';

/** The narrowest and widest a column of names, domains or other free text gets. */
export const CELL_TEXT_MIN_WIDTH = '5rem';
export const CELL_TEXT_MAX_WIDTH = '22rem';

export const cellTextClasses = {
  clip: 'CellText-clip',
  text: 'CellText-text',
} as const;

function clipStyles(minWidth: string): CSSObject {
  return { display: 'grid', gridTemplateColumns: `minmax(${minWidth}, max-content)` };
}

function textStyles(maxWidth: string): CSSObject {
  return { maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
}

/**
 * A table cell's text on one line, never broken inside a word: a one-track grid sized between a
 * minimum and the text's own width (capped), so the table sizes the column to its content and
 * narrows it, down to the minimum, when space is short; the text then ends in an ellipsis.
 * As plain class styles for tables of plain elements (the token table).
 */
export function cellTextStyles(
  minWidth: string = CELL_TEXT_MIN_WIDTH,
  maxWidth: string = CELL_TEXT_MAX_WIDTH,
): CSSObject {
  return {
    [`& .${cellTextClasses.clip}`]: clipStyles(minWidth),
    [`& .${cellTextClasses.text}`]: textStyles(maxWidth),
  };
}

const Clip = styled('span', {
  shouldForwardProp: (prop) => prop !== 'minWidth' && prop !== 'maxWidth',
})<{ minWidth?: string; maxWidth?: string }>(
  ({ minWidth = CELL_TEXT_MIN_WIDTH, maxWidth = CELL_TEXT_MAX_WIDTH }) => ({
    ...clipStyles(minWidth),
    '& > span': textStyles(maxWidth),
  }),
);

interface CellTextProps {
  /** The full value: shown whole when it fits, else cut with an ellipsis and in the tooltip. */
  text: string;
  minWidth?: string;
  maxWidth?: string;
}

/** One line of a cell's text, cut with an ellipsis when the column is narrow, whole in its tooltip. */
export function CellText({ text, minWidth, maxWidth }: CellTextProps) {
  return (
    <Clip className={cellTextClasses.clip} minWidth={minWidth} maxWidth={maxWidth}>
      <span className={cellTextClasses.text} title={text}>
        {text}
      </span>
    </Clip>
  );
}

/**
 * On a table: every cell on one line (free text goes in `CellText`), and `actionsCell` on the
 * Actions column's cells so it is only as wide as its buttons.
 */
export const oneLineTableSx = { '& .MuiTableCell-root': { whiteSpace: 'nowrap' } } as const;
export const actionsCellSx = { width: '1%' } as const;
