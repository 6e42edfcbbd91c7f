import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { installProductValidationMessages } from '@expiry-radar/shared/errors/validation-messages';
import { TextDecoder, TextEncoder } from 'node:util';
// jsdom has no fetch API; React Router builds a Request for every navigation.
import 'whatwg-fetch';
import type * as JsdomEmotionCache from './test-support/jsdom-emotion-cache';
import { mediaQueryList } from './test-support/match-media';
import { turnOffOwnerStacks } from './test-support/react-owner-stacks';

// React Router encodes and decodes with these; older jsdom environments lack them.
Object.assign(globalThis, {
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  TextDecoder: globalThis.TextDecoder ?? TextDecoder,
});

// As the app does as it starts (web/src/lib/zod-settings.ts).
installProductValidationMessages();

// jsdom has no matchMedia; MUI and react-hot-toast ask for reduced motion and breakpoints.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => mediaQueryList(query, false),
  });
}

// The tests never read React's per-element owner stacks, the costliest part of rendering here.
turnOffOwnerStacks();

afterEach(() => {
  window.localStorage.clear();
});

// findBy* and waitFor wait for what a page shows after its requests; on a busy 2-core CI
// machine the whole app (lazy routes, several queries) can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// The CSS that jsdom computes styles from: only what the tests' tools read (see the module).
jest.mock('@emotion/cache', () => {
  const { jsdomEmotionCacheModule } = jest.requireActual<typeof JsdomEmotionCache>(
    './test-support/jsdom-emotion-cache',
  );
  return jsdomEmotionCacheModule(jest.requireActual('@emotion/cache'));
});
