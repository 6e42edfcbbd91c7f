/**
 * tldts as the functions' bundles see it: infra's esbuild options alias `tldts` to this module
 * (infra/constructs/function-bundles.ts), so its Public Suffix List (170 KB of JavaScript, about
 * 20 ms to load) is required by the first parse, not as a bundle loads. Most routes' modules import
 * the shared domain modules that parse names (registered and watched domains) without ever
 * parsing one; each had loaded the list at every cold start (`npm run bench -- cold-starts`).
 * Tests and the local server import tldts itself; only `parse` is used.
 */
import type * as Tldts from 'tldts';

let tldts: typeof Tldts | undefined;

export const parse: typeof Tldts.parse = (url, options) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use (above); `tldts-package` is the bundler's alias of the package itself
  tldts ??= require('tldts-package') as typeof Tldts;
  return tldts.parse(url, options);
};
