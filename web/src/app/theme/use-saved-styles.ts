import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { saveAppStylesIfNew } from './saved-styles';

/** After the app starts, the first save waits this long and then for an idle moment. */
export const FIRST_SAVE_AFTER_MS = 2_000;

/**
 * Saves the page's CSS-in-JS rules for the next visit (saved-styles.ts): once the page is idle
 * after it starts, and again whenever it is hidden having inserted new ones (another page, a
 * dialog, the other colour mode).
 */
export function useSavedStyles(): void {
  useEffect(() => {
    const timer = window.setTimeout(
      () => void whenIdle(FIRST_SAVE_AFTER_MS).then(saveAppStylesIfNew),
      FIRST_SAVE_AFTER_MS,
    );
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') saveAppStylesIfNew();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);
}
