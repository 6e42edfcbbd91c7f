/**
 * The page's CSS-in-JS rules, kept from one visit to the next.
 *
 * MUI styles its components through emotion. On every visit emotion works out each component's
 * CSS, compiles it and inserts it rule by rule: about 650 rules on the dashboard, a large part of
 * its first render. Once the page is idle, the rules emotion inserted are saved in local storage.
 * The next visit of the same build puts them back as one style element before emotion's cache is
 * made, and the cache takes them as already inserted (emotion's hydration of server-rendered
 * styles). Emotion then compiles and inserts only the rules it has not seen.
 *
 * A rule's name is the hash of its CSS, so a saved rule is the very rule emotion would insert
 * under that name; rules of another build are dropped rather than kept.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { localStore, storageKeys } from '../../lib/local-store';

/** The key of the app's emotion cache: class names `css-…`, as with emotion's default cache. */
export const EMOTION_CACHE_KEY = 'css';

/** Larger saved rules are not worth a synchronous read of local storage on every visit. */
export const MAX_SAVED_CSS_LENGTH = 500_000;

interface SavedStyles {
  /** The build that inserted them (`currentBuild`). */
  readonly build: string;
  /** The names emotion inserted the rules under. */
  readonly names: readonly string[];
  readonly css: string;
}

/** The build this page runs: the address of its entry script, which changes with every build. */
export function currentBuild(): string {
  // A build's entry is a classic script marked data-app-entry
  // (web/vite-plugins/classic-entry.ts); the development server's is a module.
  const entry =
    document.querySelector('script[data-app-entry][src]') ??
    document.querySelector('script[type="module"][src]');
  return entry?.getAttribute('src') ?? '';
}

function readSavedStyles(): SavedStyles | undefined {
  const raw = localStore.get(storageKeys.savedStyles);
  if (raw === null) return undefined;
  try {
    const saved = JSON.parse(raw) as Partial<SavedStyles>;
    const valid =
      saved.build === currentBuild() &&
      typeof saved.css === 'string' &&
      Array.isArray(saved.names) &&
      saved.names.every((name) => typeof name === 'string' && /^[\w-]+$/.test(name));
    if (valid) return saved as SavedStyles;
  } catch {
    // Not JSON: dropped below.
  }
  localStore.remove(storageKeys.savedStyles);
  return undefined;
}

/**
 * Puts the saved rules of this build back as a style element that emotion's next cache hydrates
 * (`data-emotion="css name1 name2 …"`). Returns how many names it put back.
 */
export function restoreSavedStyles(): number {
  const saved = readSavedStyles();
  if (!saved || saved.names.length === 0) return 0;
  const style = document.createElement('style');
  style.setAttribute('data-emotion', [EMOTION_CACHE_KEY, ...saved.names].join(' '));
  style.textContent = saved.css;
  document.head.append(style);
  return saved.names.length;
}

let app: { cache: EmotionCache; savedCount: number } | undefined;

/**
 * The app's emotion cache, one per page: made on first use, after the saved rules are put back,
 * so that it takes them.
 */
export function appEmotionCache(): EmotionCache {
  if (!app) {
    const restored = restoreSavedStyles();
    app = { cache: createCache({ key: EMOTION_CACHE_KEY }), savedCount: restored };
  }
  return app.cache;
}

/** Saves the app cache's rules, unless it has inserted none since they were saved or put back. */
export function saveAppStylesIfNew(): void {
  if (!app) return;
  const count = insertedCount(app.cache);
  if (count === app.savedCount) return;
  app.savedCount = count;
  saveStyles(app.cache);
}

/** For tests: the next `appEmotionCache()` makes a new cache. */
export function forgetAppEmotionCacheForTests(): void {
  app = undefined;
}

/** The CSS of a style element emotion inserted into: its rules as the browser holds them. */
function cssOf(tag: HTMLStyleElement): string {
  const rules = tag.sheet?.cssRules;
  // In production emotion inserts into the style sheet itself, which the element's text never
  // shows; with no sheet (an element not in a document) the text is all there is.
  return rules ? Array.from(rules, (rule) => rule.cssText).join('\n') : (tag.textContent ?? '');
}

/** How many rules `cache` has inserted: what `saveAppStylesIfNew` compares to skip a needless save. */
function insertedCount(cache: EmotionCache): number {
  return Object.keys(cache.inserted).length;
}

/** Saves the rules `cache` has inserted, for the next visit of this build. */
export function saveStyles(cache: EmotionCache): void {
  const css = cache.sheet.tags.map(cssOf).join('\n');
  if (css.length > MAX_SAVED_CSS_LENGTH) return;
  const saved: SavedStyles = { build: currentBuild(), names: Object.keys(cache.inserted), css };
  localStore.set(storageKeys.savedStyles, JSON.stringify(saved));
}
