import { createElement } from 'react';

/** An element's owner stack as React's development build keeps it. */
const ownerStackOf = (element: unknown) => (element as { _debugStack?: unknown })._debugStack;

describe('owner stacks in the web tests (web/jest.setup.ts)', () => {
  // createElement and the JSX runtime each keep their own "unknown owner" stack.
  it.each([
    ['createElement', () => createElement('div')],
    ['JSX', () => <div />],
  ])('are not captured per element by %s: its elements share one stack', (_name, create) => {
    const first = ownerStackOf(create());
    expect(first).toBeInstanceOf(Error);
    expect(ownerStackOf(create())).toBe(first);
  });
});
