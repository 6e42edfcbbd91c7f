import { reloadPage } from './reload-page';
import {
  PRELOAD_ERROR_EVENT,
  importWithPreloadErrorEvent,
  installPreloadErrorRecovery,
} from './preload-error';

jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));

describe('importWithPreloadErrorEvent', () => {
  const listeners: ((event: VitePreloadErrorEvent) => void)[] = [];
  function listen(listener: (event: VitePreloadErrorEvent) => void) {
    listeners.push(listener);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
  }
  afterEach(() => {
    for (const listener of listeners.splice(0)) {
      window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    }
  });

  it('passes a successful import through', async () => {
    const listener = jest.fn();
    listen(listener);
    await expect(importWithPreloadErrorEvent(() => Promise.resolve({ page: 1 }))).resolves.toEqual({
      page: 1,
    });
    expect(listener).not.toHaveBeenCalled();
  });

  it('dispatches a cancelable vite:preloadError event with the error and rethrows', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const seen: VitePreloadErrorEvent[] = [];
    listen((event) => seen.push(event));

    await expect(importWithPreloadErrorEvent(() => Promise.reject(failure))).rejects.toBe(failure);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.type).toBe('vite:preloadError');
    expect(seen[0]?.cancelable).toBe(true);
    expect(seen[0]?.payload).toBe(failure);
  });

  it('does not rethrow when a listener prevents the default', async () => {
    listen((event) => event.preventDefault());
    const outcome = jest.fn();
    importWithPreloadErrorEvent(() => Promise.reject(new Error('chunk gone'))).then(
      outcome,
      outcome,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(outcome).not.toHaveBeenCalled();
  });
});

describe('installPreloadErrorRecovery', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    jest.clearAllMocks();
  });

  it('reloads once, then lets a repeated failure reach the error page', async () => {
    let now = 1_000_000;
    const uninstall = installPreloadErrorRecovery(() => now);
    try {
      void importWithPreloadErrorEvent(() => Promise.reject(new Error('gone')));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(reloadPage).toHaveBeenCalledTimes(1);

      now += 1000;
      await expect(
        importWithPreloadErrorEvent(() => Promise.reject(new Error('gone'))),
      ).rejects.toThrow('gone');
      expect(reloadPage).toHaveBeenCalledTimes(1);

      now += 60_000;
      void importWithPreloadErrorEvent(() => Promise.reject(new Error('gone')));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(reloadPage).toHaveBeenCalledTimes(2);
    } finally {
      uninstall();
    }
  });
});
