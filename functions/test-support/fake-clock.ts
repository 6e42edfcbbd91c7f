/**
 * Moves only the clock (`Date`) while timers, ticks and I/O keep running for real, so tests of
 * limits measured in minutes can step past a cooldown and still talk to the emulators.
 */
export function useFakeClock(): { advanceSeconds(seconds: number): void } {
  beforeEach(() => {
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  });
  afterEach(() => jest.useRealTimers());
  return {
    advanceSeconds: (seconds: number) => jest.setSystemTime(Date.now() + seconds * 1000),
  };
}
