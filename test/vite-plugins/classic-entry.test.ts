import { runInNewContext } from 'node:vm';
import { classicEntry, ENTRY_EXPORTS_GLOBAL } from '../../web/vite-plugins/classic-entry';
import { ALL_FUNCTIONS_CALLED_ON_LOAD } from '../../web/vite-plugins/compile-hint';

const runtime = {
  fileName: 'assets/rolldown-runtime-abc.js',
  code: 'var e=Object.defineProperty,t=(n)=>({wrapped:n});export{t as n};',
  exports: ['n'],
};

/** An entry chunk as the bundler writes it: the runtime's import, code, the export list. */
function entryChunk(body: string, exportList: string, exports: string[]) {
  return {
    fileName: 'assets/index-xyz.js',
    code: `import{n as h}from"./rolldown-runtime-abc.js";${body}export{${exportList}};`,
    exports,
  };
}

/** Runs a classic script as a page would, returning its global. */
function runClassic(code: string, src = 'https://app.test/assets/index-xyz.classic.js') {
  const context: Record<string, unknown> = { document: { currentScript: { src } }, URL };
  context.globalThis = context;
  runInNewContext(code, context);
  return context;
}

/** The exports module's declarations run as a script against `exported`, read by their local names. */
function exportedValues(moduleCode: string, locals: string[], exported: Record<string, string>) {
  const declarations = moduleCode
    .replace(/^export (?=const)/m, '')
    .replace(/export\{[^}]*\};\n$/, '');
  return runInNewContext(`${declarations};[${locals.join(',')}]`, {
    globalThis: { [ENTRY_EXPORTS_GLOBAL]: exported },
  }) as unknown[];
}

describe('classicEntry', () => {
  it('runs the entry as a classic script with the runtime inlined and its exports live on a global', () => {
    const entry = entryChunk(
      'let a=h(1);function b(){a=h(2)}function s(e){return import.meta.resolve?new URL(import.meta.resolve(e)):new URL(e,import.meta.url)}',
      'a as count,b as bump,s as where',
      ['count', 'bump', 'where'],
    );
    const result = classicEntry(entry, runtime);

    expect(result.classicFileName).toBe('assets/index-xyz.classic.js');
    // V8 compiles every function as the script loads (and keeps them in its code cache).
    expect(result.classicCode.startsWith(ALL_FUNCTIONS_CALLED_ON_LOAD)).toBe(true);
    const page = runClassic(result.classicCode);
    const exported = page[ENTRY_EXPORTS_GLOBAL] as {
      count: unknown;
      bump: () => void;
      where: (path: string) => URL;
    };
    expect(exported.count).toEqual({ wrapped: 1 });
    exported.bump();
    expect(exported.count).toEqual({ wrapped: 2 });
    expect(exported.where('./chunk.js').href).toBe('https://app.test/assets/chunk.js');
  });

  it('leaves a module that exports the same names, read from that global', () => {
    const entry = entryChunk('const a=1,b=2;', 'a as first,b', ['first', 'b']);
    const { exportsModuleCode } = classicEntry(entry, runtime);

    expect(exportsModuleCode).toBe(`export const{first,b}=globalThis.${ENTRY_EXPORTS_GLOBAL};\n`);
    expect(exportedValues(exportsModuleCode, ['first', 'b'], { first: 'one', b: 'two' })).toEqual([
      'one',
      'two',
    ]);
  });

  it('reads a name that cannot be declared through an alias that no other export uses', () => {
    const entry = entryChunk('const a=1,b=2,c=3;', 'a as default,b as "a-b",c as _0', [
      'default',
      'a-b',
      '_0',
    ]);
    const { exportsModuleCode } = classicEntry(entry, runtime);

    expect(exportsModuleCode).toMatch(/export\{__0 as default,_1 as "a-b"\};\n$/);
    const values = { default: 'one', 'a-b': 'two', _0: 'three' };
    expect(exportedValues(exportsModuleCode, ['__0', '_1', '_0'], values)).toEqual([
      'one',
      'two',
      'three',
    ]);
  });

  it('fails the build on an entry it does not expect', () => {
    const otherImport = entryChunk('import{x}from"./other.js";', 'x', ['x']);
    expect(() => classicEntry(otherImport, runtime)).toThrow('imports more than');

    const meta = entryChunk('const u=import.meta.url;', 'u', ['u']);
    expect(() => classicEntry(meta, runtime)).toThrow('import.meta');

    const mismatch = entryChunk('const a=1;', 'a', ['a', 'b']);
    expect(() => classicEntry(mismatch, runtime)).toThrow('export list');

    const noRuntime = { fileName: 'assets/index-xyz.js', code: 'export{};', exports: [] };
    expect(() => classicEntry(noRuntime, runtime)).toThrow('does not import');
  });
});
