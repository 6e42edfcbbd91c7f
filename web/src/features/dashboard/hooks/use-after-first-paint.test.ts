import { act, renderHook } from '@testing-library/react';
import { useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  it('is false in the first render, then true, and stays true', () => {
    const seen: boolean[] = [];
    const { result, rerender } = renderHook(() => {
      const painted = useAfterFirstPaint();
      seen.push(painted);
      return painted;
    });
    expect(seen[0]).toBe(false);
    expect(result.current).toBe(true);
    act(() => rerender());
    expect(seen.slice(1).every(Boolean)).toBe(true);
  });
});
