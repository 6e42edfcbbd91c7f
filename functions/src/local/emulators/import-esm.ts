/**
 * Loads an ES-module-only package from CommonJS code. The indirection keeps transpilers from
 * rewriting `import()` into `require()`, which cannot load such packages.
 */
// oxlint-disable-next-line typescript/no-implied-eval
const nativeImport = new Function('specifier', 'return import(specifier)') as <T>(
  specifier: string,
) => Promise<T>;

export function importEsm<T>(specifier: string): Promise<T> {
  return nativeImport<T>(specifier);
}
