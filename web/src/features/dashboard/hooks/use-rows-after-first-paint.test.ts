import { act, renderHook } from '@testing-library/react';
import { FIRST_RENDER_ROWS, useRowsAfterFirstPaint } from './use-rows-after-first-paint';

const rows = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('useRowsAfterFirstPaint', () => {
  it('renders the first rows first, then every row, and every row from then on', () => {
    const shown: number[] = [];
    const { result, rerender } = renderHook(
      ({ list }: { list: number[] }) => {
        const value = useRowsAfterFirstPaint(list);
        shown.push(value.length);
        return value;
      },
      { initialProps: { list: rows(100) } },
    );
    expect(shown[0]).toBe(FIRST_RENDER_ROWS);
    expect(result.current).toHaveLength(100);
    // More rows (the next page), or fewer: all of them at once.
    act(() => rerender({ list: rows(200) }));
    expect(shown.slice(-1)).toEqual([200]);
    expect(shown.every((count) => count === FIRST_RENDER_ROWS || count >= 100)).toBe(true);
  });

  it('waits for the rows: an empty first render, then the first rows of the page', () => {
    const shown: number[] = [];
    const { result, rerender } = renderHook(
      ({ list }: { list: number[] }) => {
        const value = useRowsAfterFirstPaint(list);
        shown.push(value.length);
        return value;
      },
      { initialProps: { list: [] as number[] } },
    );
    expect(result.current).toEqual([]);
    act(() => rerender({ list: rows(30) }));
    expect(shown).toContain(FIRST_RENDER_ROWS);
    expect(result.current).toHaveLength(30);
  });

  it('renders as many first rows as it is given, none too, then every row', () => {
    for (const firstRenderRows of [0, 5]) {
      const shown: number[] = [];
      const { result } = renderHook(() => {
        const value = useRowsAfterFirstPaint(rows(50), firstRenderRows);
        shown.push(value.length);
        return value;
      });
      expect(shown[0]).toBe(firstRenderRows);
      expect(result.current).toHaveLength(50);
    }
  });

  it('shows a short list whole at once', () => {
    const { result } = renderHook(() => useRowsAfterFirstPaint(rows(FIRST_RENDER_ROWS)));
    expect(result.current).toHaveLength(FIRST_RENDER_ROWS);
  });
});
