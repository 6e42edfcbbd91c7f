import { FIRST_RENDER_ROWS } from './hooks/use-rows-after-first-paint';

/** A token table's row, in px. */
const TABLE_ROW_HEIGHT = 53;

/** A card's title bar, search and column heads, in table rows (about 140 px). */
const CARD_HEADING_ROWS = 3;

/**
 * How many rows each category card's first render shows, the cards in page order: what the
 * window can hold (its height in table rows), each card after the rows and headings of the cards
 * above it, and at most FIRST_RENDER_ROWS; the rest follow at once (useRowsAfterFirstPaint). It
 * leaves out what is above the cards (the form, the chips) and counts a card whose rows are not
 * known yet as empty, so a card never shows fewer rows than the first screen could hold of it.
 * With the dashboard's four cards of 100 tokens on a 900 px window: 17, 0, 0 and 0 rows, not 20
 * each.
 */
export function firstRenderRowsOfCards(
  rowCounts: readonly number[],
  windowHeight: number,
): number[] {
  let rowsLeft = Math.ceil(windowHeight / TABLE_ROW_HEIGHT);
  return rowCounts.map((count) => {
    const rows = Math.min(count, Math.max(rowsLeft, 0), FIRST_RENDER_ROWS);
    rowsLeft -= rows + CARD_HEADING_ROWS;
    return rows;
  });
}
