let collator: Intl.Collator | undefined;

/**
 * Compares two names as people read them: case- and accent-insensitive, numbers by value
 * ("Key 9" before "Key 10"). The collator is made on first use, not as a module loads: making one
 * costs tens of milliseconds, which the page's first script and the app's start would otherwise
 * pay before anything is sorted.
 */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}
