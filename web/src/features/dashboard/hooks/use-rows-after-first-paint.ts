import { startTransition, useEffect, useMemo, useState } from 'react';

/**
 * Rows a list shows in its first render: more than a first screen holds (a card's rows are 53 px
 * high, its cards on narrow screens taller), far fewer than a page of 100.
 */
export const FIRST_RENDER_ROWS = 20;

/**
 * A list's rows in two steps: its first render shows the first FIRST_RENDER_ROWS, and the rest
 * follow at once in a transition (a render that yields to input and lets the first rows paint).
 * Every row is then in the page, for the keyboard, screen readers and the browser's find; from
 * then on (sorting, searching, more pages) every row renders at once.
 */
export function useRowsAfterFirstPaint<T>(rows: readonly T[]): readonly T[] {
  const [all, setAll] = useState(false);
  const cut = !all && rows.length > FIRST_RENDER_ROWS;
  useEffect(() => {
    if (cut) startTransition(() => setAll(true));
  }, [cut]);
  return useMemo(() => (cut ? rows.slice(0, FIRST_RENDER_ROWS) : rows), [cut, rows]);
}
