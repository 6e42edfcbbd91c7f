/**
 * Resolves at the browser's next idle moment (`requestIdleCallback`), or after `timeoutMs` if the
 * page is busy that long; at once where the browser has no idle callbacks (tests in jsdom).
 */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else {
      resolve();
    }
  });
}
