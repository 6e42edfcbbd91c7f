/**
 * Emotion's cache for jsdom tests, keeping only the declarations the tests' tools read.
 *
 * Every `getComputedStyle` in jsdom matches the element against every rule of every style sheet.
 * Testing Library calls it for each element a role query looks at (accessible names, hidden
 * elements), jest-dom's `toBeVisible` and user-event's pointer-events check call it too, and MUI
 * inserts hundreds of rules: role queries took most of the web tests' time. Those tools read
 * only the properties below; dropping every other declaration (and the rules left empty) leaves
 * few rules to match, and the same answers. Rules with `:has()` are dropped whole: nwsapi parses
 * such a selector again at every match, and none of them hides or shows anything.
 *
 * What a page looks like is checked in Chromium (test/e2e). A test that reads other computed
 * styles uses the real cache: `jest.unmock('@emotion/cache')`.
 */
import type * as EmotionCacheModule from '@emotion/cache';
import type { StylisPlugin } from '@emotion/cache';

/** Read by dom-accessibility-api, Testing Library, jest-dom and user-event. */
const PROPERTIES_TESTS_READ = new Set([
  'display',
  'visibility',
  'opacity',
  'pointer-events',
  'content',
]);

const keepWhatTestsRead: StylisPlugin = (element) => {
  if (element.type !== 'rule' || !Array.isArray(element.children)) return;
  const selectors = Array.isArray(element.props) ? element.props : [element.props];
  element.children = selectors.some((selector) => selector.includes(':has('))
    ? []
    : element.children.filter(
        (child) => child.type !== 'decl' || PROPERTIES_TESTS_READ.has(String(child.props)),
      );
};

/** `@emotion/cache` (the real module) with a default export that makes such caches. */
export function jsdomEmotionCacheModule(actual: typeof EmotionCacheModule) {
  return {
    ...actual,
    __esModule: true,
    // In place of emotion's default plugin, its vendor prefixer: no test reads a prefixed
    // property.
    default: (options: EmotionCacheModule.Options) =>
      actual.default({ ...options, stylisPlugins: [keepWhatTestsRead] }),
  };
}
