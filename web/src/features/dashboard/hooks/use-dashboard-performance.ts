import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { DASHBOARD_PERFORMANCE as P } from '@expiry-radar/shared/constants/dashboard-performance';
import type { Category } from '@expiry-radar/shared/domain/categories';

/** After the next frame has been painted (rAF, then a task). */
function afterPaint(callback: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(callback, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(callback, 0));
}

function timeline(): Performance | null {
  return typeof performance !== 'undefined' && typeof performance.mark === 'function'
    ? performance
    : null;
}

/**
 * Writes the dashboard's render times to the browser's performance timeline: the first render
 * with every visible category card loaded (from the navigation's start), and each category chip
 * from click to the filtered render; and marks at the commits on the way (the view, the summary,
 * each card's first page), from which the benchmark prints where the time went. The benchmark
 * reads them; nothing else depends on them.
 */
export function useDashboardPerformance(
  visible: readonly Category[],
  filterKey: string,
  summaryShown: boolean,
) {
  const loaded = useRef(new Set<Category>());
  const firstDone = useRef(false);
  const chipPending = useRef(false);
  // Read through a ref so that `onFirstPage` stays the same function: the (memoized) category
  // cards take it as a prop and need not re-render when the visible set changes.
  const visibleRef = useRef(visible);
  useEffect(() => {
    visibleRef.current = visible;
  }, [visible]);

  useLayoutEffect(() => {
    timeline()?.mark(P.viewCommitMark);
  }, []);
  useLayoutEffect(() => {
    if (summaryShown) timeline()?.mark(P.summaryCommitMark);
  }, [summaryShown]);

  /** Called in the layout effect of the commit that shows a card's first page. */
  const onFirstPage = useCallback((category: Category) => {
    timeline()?.mark(P.cardCommitMark, { detail: category });
    loaded.current.add(category);
    if (firstDone.current || !visibleRef.current.every((item) => loaded.current.has(item))) return;
    firstDone.current = true;
    afterPaint(() => {
      const perf = timeline();
      if (!perf) return;
      perf.mark(P.firstRenderMark);
      perf.measure(P.firstRenderMeasure, { start: 0, end: P.firstRenderMark });
    });
  }, []);

  const markChipStart = useCallback(() => {
    chipPending.current = true;
    timeline()?.mark(P.categoryChipStartMark);
  }, []);

  useEffect(() => {
    if (!chipPending.current) return;
    chipPending.current = false;
    afterPaint(() => {
      const perf = timeline();
      if (!perf) return;
      perf.mark(P.categoryChipEndMark);
      perf.measure(P.categoryChipMeasure, P.categoryChipStartMark, P.categoryChipEndMark);
    });
  }, [filterKey]);

  return { onFirstPage, markChipStart };
}
