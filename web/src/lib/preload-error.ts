import { reloadPage } from './reload-page';

/** The event Vite raises when a lazily loaded chunk fails; lazy pages raise the same one. */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

/**
 * Raises a cancelable `vite:preloadError` event carrying the error, as Vite does.
 * Returns true when a listener handled it (called `preventDefault()`).
 */
export function dispatchPreloadError(error: unknown): boolean {
  const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as VitePreloadErrorEvent;
  event.payload = error instanceof Error ? error : new Error(String(error));
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/**
 * Runs a dynamic import. If it fails, the preload-error event is raised and the error rethrown
 * unless a listener handled it; a handled failure waits for the listener's recovery (a reload).
 */
export async function importWithPreloadErrorEvent<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    if (!dispatchPreloadError(error)) throw error;
    return new Promise<T>(() => {});
  }
}

const RELOADED_AT_KEY = 'expiry-radar:preload-reload-at';
const RELOAD_COOLDOWN_MS = 10_000;

/**
 * After a deploy, old chunk names vanish: reload once to fetch the new build. A second failure
 * within the cooldown is left unhandled, so the error reaches the router's error page instead of
 * reloading in a loop.
 */
export function installPreloadErrorRecovery(now: () => number = Date.now): () => void {
  const onPreloadError = (event: Event) => {
    try {
      const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
      if (now() - last < RELOAD_COOLDOWN_MS) return;
      window.sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
    } catch {
      return; // No session storage: a reload could loop, so leave the error to the error page.
    }
    event.preventDefault();
    reloadPage();
  };
  window.addEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
  return () => window.removeEventListener(PRELOAD_ERROR_EVENT, onPreloadError);
}
