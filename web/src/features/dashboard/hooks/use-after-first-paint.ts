import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render, true from the render that follows it in a transition (a
 * render that yields to input and lets the first one paint). For a part of a page that can come
 * a frame after the rest: the dashboard's first render shows its cards without it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    startTransition(() => setPainted(true));
  }, []);
  return painted;
}
