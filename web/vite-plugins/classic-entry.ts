/**
 * The app's entry chunk served as a classic script. Chromium (150, 156) keeps the code it
 * compiled on earlier visits for classic scripts only: it parses every module script again on
 * each load and compiles each function again as it first runs (docs/architecture.md, "The entry
 * is a classic script"). The entry is the largest script every page runs, so after the build it
 * becomes:
 *
 * - `index-[hash].classic.js`, a classic script: the entry's code in a strict-mode function, with
 *   the bundler's runtime helpers it imported inlined, its exports put on a global as getters, and
 *   the one `import.meta` of Vite's preload helper replaced by the script's own address;
 * - `index-[hash].js`, a small module with the entry's exports, read from that global, for the
 *   lazily loaded chunks that import them (they still import `./index-[hash].js`).
 *
 * A lazy chunk is always evaluated after the entry has run (the entry's dynamic `import()`s
 * resolve after it returns), so the exports it reads are the entry's values once it has run. The
 * module copies them then: an export the entry reassigned later would not be seen (the app's code
 * exports no `let` or `var`, and the bundler's runtime here has no lazily initialised modules).
 * Anything else the transform does not expect (another static import, another `import.meta`, an
 * export list that does not match the bundler's) fails the build.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { withCompileHint } from './compile-hint';

/** The global the classic entry puts its exports on. */
export const ENTRY_EXPORTS_GLOBAL = '__expiryRadarEntryExports';

/** The attribute that marks the entry's script tag in index.html. */
export const ENTRY_SCRIPT_ATTRIBUTE = 'data-app-entry';

/** Vite's preload helper resolves a chunk's address against the importing module's. */
const PRELOAD_HELPER_URL =
  'import.meta.resolve?new URL(import.meta.resolve(e)):new URL(e,import.meta.url)';
const ENTRY_URL = '__expiryRadarEntryUrl';

interface Binding {
  readonly local: string;
  readonly exported: string;
}

/** A module export name as written (`"a-b"` is the string export name a-b). */
const unquoted = (name: string) => (name.startsWith('"') ? (JSON.parse(name) as string) : name);

/** `a as b, c` as bindings: in an export list `a` is the local name, in an import list `b`. */
function bindingsOf(list: string, order: 'export' | 'import'): Binding[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [first, second] = part.split(/\s+as\s+/);
      if (!first) throw new Error(`Unexpected binding "${part}"`);
      const [local, exported] =
        order === 'export' ? [first, second ?? first] : [second ?? first, first];
      return { local, exported: unquoted(exported) };
    });
}

const EXPORT_STATEMENT = /export\s*\{([^}]*)\}\s*;?\s*$/;

/** A chunk's code without its final `export {…}`, and what that exported. */
function splitExports(code: string, file: string): { body: string; exports: Binding[] } {
  const match = EXPORT_STATEMENT.exec(code);
  if (!match) throw new Error(`${file} ends with no export list`);
  return { body: code.slice(0, match.index), exports: bindingsOf(match[1]!, 'export') };
}

const propertyName = (name: string) => JSON.stringify(name);
/** `text` matched literally in a regular expression (a file name). */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An export's name in an export list: quoted unless it is an identifier. */
const exportName = (name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);

export interface EntryChunk {
  readonly fileName: string;
  readonly code: string;
  /** Names the bundler says the chunk exports. */
  readonly exports: readonly string[];
}

export interface ClassicEntry {
  readonly classicFileName: string;
  readonly classicCode: string;
  /** The module left under the entry's own name, for the chunks that import from it. */
  readonly exportsModuleCode: string;
}

/**
 * The entry chunk as a classic script and a module of its exports. `runtime` is the one chunk the
 * entry imports statically: the bundler's runtime helpers, which import nothing.
 */
export function classicEntry(entry: EntryChunk, runtime: EntryChunk): ClassicEntry {
  const runtimeImport = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*"\\./${literally(runtime.fileName.split('/').pop()!)}"\\s*;?`,
  );
  const imported = runtimeImport.exec(entry.code);
  if (!imported) throw new Error(`${entry.fileName} does not import ${runtime.fileName}`);
  let code = entry.code.replace(imported[0], () => {
    const runtimeParts = splitExports(runtime.code, runtime.fileName);
    const helpers = runtimeParts.exports
      .map(({ local, exported }) => `${propertyName(exported)}:${local}`)
      .join(',');
    const names = bindingsOf(imported[1]!, 'import')
      .map(({ local, exported }) => `${propertyName(exported)}:${local}`)
      .join(',');
    return `const{${names}}=(()=>{${runtimeParts.body};return{${helpers}}})();`;
  });
  if (/(^|[;}\n])\s*import\s*[{"*\w]/.test(code.replace(/import\(/g, ''))) {
    throw new Error(`${entry.fileName} imports more than the bundler's runtime`);
  }
  code = code.replace(PRELOAD_HELPER_URL, () => `new URL(e,${ENTRY_URL})`);
  if (code.includes('import.meta')) {
    throw new Error(`${entry.fileName} uses import.meta beyond Vite's preload helper`);
  }

  const { body, exports } = splitExports(code, entry.fileName);
  const exportedNames = exports.map(({ exported }) => exported).sort();
  if (exportedNames.join(',') !== [...entry.exports].sort().join(',')) {
    throw new Error(`${entry.fileName}'s export list is not the one the bundler reports`);
  }
  const getters = exports
    .map(({ local, exported }) => `get ${propertyName(exported)}(){return ${local}}`)
    .join(',');
  // With V8's compile hint: every page's first render calls most of the entry's functions
  // (React, MUI, the router), and compiled at load they are in the code cache the next visits use.
  const classicCode = withCompileHint(
    `(function(){"use strict";const ${ENTRY_URL}=document.currentScript.src;\n` +
      `${body}\nglobalThis.${ENTRY_EXPORTS_GLOBAL}={${getters}};\n})();\n`,
  );

  return {
    classicFileName: entry.fileName.replace(/\.js$/, '.classic.js'),
    classicCode,
    exportsModuleCode: exportsModule(exports.map(({ exported }) => exported)),
  };
}

const RESERVED_WORDS = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export ' +
    'extends false finally for function if implements import in instanceof interface let new ' +
    'null package private protected public return static super switch this throw true try ' +
    'typeof var void while with yield'
  ).split(' '),
);
/** A name that can be declared as it is (`const{name}=…`). */
const declarable = (name: string) => /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED_WORDS.has(name);

/**
 * The module of the entry's exports, read from the global once. The names the bundler exports are
 * short identifiers, declared and exported in one destructuring (gzipped, about a fifth of an alias
 * for each); any other name goes through an alias.
 */
function exportsModule(names: readonly string[]): string {
  const source = `globalThis.${ENTRY_EXPORTS_GLOBAL}`;
  const direct = names.filter(declarable);
  const taken = new Set(direct);
  const aliased = names
    .filter((name) => !declarable(name))
    .map((name, index) => {
      let alias = `_${index}`;
      while (taken.has(alias)) alias = `_${alias}`;
      taken.add(alias);
      return { name, alias };
    });
  let code = '';
  if (direct.length > 0) code += `export const{${direct.join(',')}}=${source};\n`;
  if (aliased.length > 0) {
    const reads = aliased.map(({ name, alias }) => `${propertyName(name)}:${alias}`).join(',');
    const list = aliased.map(({ name, alias }) => `${alias} as ${exportName(name)}`).join(',');
    code += `const{${reads}}=${source};\nexport{${list}};\n`;
  }
  return code;
}

/**
 * Serves the build's entry as a classic script (see above), once the files are written: the
 * entry's script tag in index.html becomes a deferred classic script (marked
 * ENTRY_SCRIPT_ATTRIBUTE), and the module of its exports is preloaded there.
 */
export function classicEntryPlugin(): Plugin {
  return {
    name: 'expiry-radar:classic-entry',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) throw new Error('The build wrote no directory');
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [output] : [],
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const [runtimeFile, ...others] = entry.imports;
      const runtime = chunks.find((chunk) => chunk.fileName === runtimeFile);
      if (!runtime || others.length > 0 || runtime.imports.length > 0) {
        throw new Error(`${entry.fileName} imports more than the bundler's runtime`);
      }
      const classic = classicEntry(entry, runtime);
      writeFileSync(join(outDir, classic.classicFileName), classic.classicCode);
      writeFileSync(join(outDir, entry.fileName), classic.exportsModuleCode);

      const htmlFile = join(outDir, 'index.html');
      const html = readFileSync(htmlFile, 'utf8');
      const moduleTag = new RegExp(
        `<script type="module" crossorigin src="/${literally(entry.fileName)}"></script>`,
      );
      if (!moduleTag.test(html)) throw new Error(`index.html does not load ${entry.fileName}`);
      writeFileSync(
        htmlFile,
        html.replace(
          moduleTag,
          () =>
            `<script defer ${ENTRY_SCRIPT_ATTRIBUTE} src="/${classic.classicFileName}"></script>\n` +
            `    <link rel="modulepreload" crossorigin href="/${entry.fileName}">`,
        ),
      );
    },
  };
}
