/**
 * Turns off React's owner stacks in the web tests. In development React 19 captures an Error for
 * every element it creates (`react-stack-top-frame`, up to 10,000 per render) so that its warnings
 * can say which component created which; the tests never read those stacks, and capturing them
 * took from a few hundredths to an eighth of a jsdom file's time (the preferences page's: 16.9 s,
 * 14.8 s without).
 *
 * React caps the captures per render with a counter that react-dom resets to 0 at every render;
 * the counter is pinned at the cap here, so every element shares React's one "unknown owner"
 * stack instead. React's warnings still name the component; they lose the owner's line numbers.
 * A React without the counter leaves everything as it was (react-owner-stacks.test.ts notices).
 */
import * as React from 'react';

/** React's cap on the owner stacks it captures per render (react.development.js). */
export const OWNER_STACKS_PER_RENDER = 10_000;

interface ReactClientInternals {
  recentlyCreatedOwnerStacks?: number;
}

function clientInternals(): ReactClientInternals | undefined {
  return (
    React as unknown as {
      __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE?: ReactClientInternals;
    }
  ).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
}

export function turnOffOwnerStacks(): void {
  const internals = clientInternals();
  if (!internals || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => OWNER_STACKS_PER_RENDER,
    set: () => undefined,
  });
}
