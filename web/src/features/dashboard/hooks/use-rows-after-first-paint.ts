import { startTransition, useEffect, useMemo, useState } from 'react';

/**
 * The most rows a list shows in its first render: more than a first screen holds (a card's rows
 * are 53 px high, its cards on narrow screens taller), far fewer than a page of 100. The
 * dashboard's cards show fewer where the first screen does (first-screen-rows.ts).
 */
export const FIRST_RENDER_ROWS = 20;

/**
 * A list's rows in two steps: its first render shows the first `firstRenderRows`, and the rest
 * follow at once in a transition (a render that yields to input and lets the first rows paint).
 * Every row is then in the page, for the keyboard, screen readers and the browser's find; from
 * then on (sorting, searching, more pages) every row renders at once.
 */
export function useRowsAfterFirstPaint<T>(
  rows: readonly T[],
  firstRenderRows: number = FIRST_RENDER_ROWS,
): readonly T[] {
  const [all, setAll] = useState(false);
  const cut = !all && rows.length > firstRenderRows;
  useEffect(() => {
    if (cut) startTransition(() => setAll(true));
  }, [cut]);
  return useMemo(() => (cut ? rows.slice(0, firstRenderRows) : rows), [cut, rows, firstRenderRows]);
}
