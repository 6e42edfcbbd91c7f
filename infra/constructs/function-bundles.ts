/**
 * The Lambda functions' code, bundled by esbuild in one run for every function instead of one
 * esbuild process per function (what NodejsFunction does): the synth of about a hundred functions
 * took minutes of CPU in process start-ups alone. Each function still gets a bundle of its own,
 * built with the options NodejsFunction used (minified CommonJS for Node.js 22 with a source map,
 * AWS SDK v3 left to the runtime), as a CDK asset hashed by its output.
 *
 * CDK bundles an asset when the function is constructed, one function at a time; the first one
 * asked for bundles the whole batch (every entry known up front: the route handlers and the
 * jobs), the others take theirs from it. An entry outside the batch is bundled on its own.
 *
 * A few large modules, needed only on some requests, are bundled once into files of their own
 * (SIBLING_MODULES), copied beside index.js into each function whose bundle requires them.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import type { Construct } from 'constructs';
import { buildSync, type BuildOptions } from 'esbuild';
import { routeHandlerFiles } from '@expiry-radar/functions/http/route-handlers';
import { buildOpenApiDocument } from '@expiry-radar/shared/api/openapi-document';
import { routeTable } from '@expiry-radar/shared/api/route-table';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HTTP_HANDLERS_DIR = path.join(REPO_ROOT, 'functions/src/http');
const JOBS_DIR = path.join(REPO_ROOT, 'functions/src/jobs');

export const ESBUILD_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  minify: true,
  sourcemap: true,
  // The map without the sources' text: Node.js (--enable-source-maps) reads and parses the whole
  // map as the bundle loads, and the text, three quarters of it, is used by no stack trace.
  sourcesContent: false,
  // The runtime provides AWS SDK v3; each bundle holds only its function's code. Prettier is
  // loaded only by React Email's `pretty` option, which the alert email never asks for.
  external: ['@aws-sdk/*', 'prettier', 'prettier/*'],
  // tldts's Public Suffix List is loaded by the first parse, not at every cold start: `tldts`
  // names tldts-on-first-use.ts, which requires the package itself as `tldts-package`. The
  // DynamoDB document commands' package is required by the first command made (the runtime's,
  // by a name the bundler leaves alone).
  alias: {
    tldts: path.join(REPO_ROOT, 'functions/src/platform/tldts-on-first-use.ts'),
    'tldts-package': require.resolve('tldts'),
    '@aws-sdk/lib-dynamodb': path.join(
      REPO_ROOT,
      'functions/src/platform/lib-dynamodb-on-first-use.ts',
    ),
  },
  tsconfig: path.join(REPO_ROOT, 'tsconfig.base.json'),
  logLevel: 'warning',
};

const SERVED_OPENAPI_DOCUMENT = '@expiry-radar/shared/api/served-openapi-document';

/**
 * The module the functions' bundles take for served-openapi-document.ts: the document built from
 * the route table now, held as JSON text (parsed on first use: a JSON string parses faster than
 * the same object written as JavaScript), written into `directory`.
 */
export function servedOpenApiDocumentModule(directory: string): string {
  const file = path.join(directory, 'served-openapi-document.js');
  const json = JSON.stringify(buildOpenApiDocument(routeTable));
  writeFileSync(
    file,
    [
      'let document;',
      `export const servedOpenApiDocument = () => (document ??= JSON.parse(${JSON.stringify(json)}));`,
    ].join('\n'),
  );
  return file;
}

/**
 * Modules left out of the functions' bundles, each bundled once into a file of its own that is
 * copied beside index.js into every function whose bundle requires it. V8 reads a CommonJS bundle
 * whole as it loads, and esbuild cannot split one: a large module imported only by code loaded on
 * first use (saml-xml-libraries.ts, by saml-service-provider.ts, which the SAML routes import
 * dynamically) is then read by the requests that use it, not at every cold start.
 *
 * Keyed by the import path its importers write, which the bundler leaves as it is
 * (`require("./saml-xml-libraries")` finds saml-xml-libraries.js beside index.js). The file has
 * its own copy of whatever the module imports, sharing no state with the bundle: such a module
 * holds libraries only, never the app's own modules.
 */
export const SIBLING_MODULES: Readonly<Record<string, string>> = {
  './saml-xml-libraries': path.join(REPO_ROOT, 'functions/src/adapters/saml-xml-libraries.ts'),
};

/**
 * The functions' esbuild options with the modules generated for them, written into `outdir`,
 * and the sibling modules left to their files.
 */
export function functionBundleOptions(
  outdir: string,
  siblingModules: Readonly<Record<string, string>> = SIBLING_MODULES,
): BuildOptions {
  return {
    ...ESBUILD_OPTIONS,
    alias: {
      ...ESBUILD_OPTIONS.alias,
      [SERVED_OPENAPI_DOCUMENT]: servedOpenApiDocumentModule(outdir),
    },
    external: [...(ESBUILD_OPTIONS.external ?? []), ...Object.keys(siblingModules)],
    outdir,
  };
}

/**
 * Where esbuild wrote one function's bundle: `index.js` (and `index.js.map`) in `directory`, and
 * the sibling module files it requires, each with its map beside it.
 */
export interface FunctionBundle {
  readonly directory: string;
  readonly siblingFiles: readonly string[];
}

/** Every function entry the app has: each route's handler module and each job's module. */
export function knownFunctionEntries(): string[] {
  const jobs = readdirSync(JOBS_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(JOBS_DIR, file));
  return [
    ...Object.values(routeHandlerFiles).map((file) => path.join(HTTP_HANDLERS_DIR, file)),
    ...jobs,
  ];
}

let batch: Map<string, FunctionBundle> | undefined;

const BUNDLES_DIRECTORY_PREFIX = 'expiry-radar-function-bundles-';

/** The bundles' directories this process made (a synth's are about 480 MB), removed as it exits. */
const bundleDirectories = new Set<string>();

function newBundleDirectory(): string {
  removeOrphanedBundleDirectories();
  const directory = mkdtempSync(path.join(tmpdir(), `${BUNDLES_DIRECTORY_PREFIX}${process.pid}-`));
  if (bundleDirectories.size === 0) {
    process.once('exit', () => {
      for (const made of bundleDirectories) removeBundleDirectory(made);
    });
  }
  bundleDirectories.add(directory);
  return directory;
}

function removeBundleDirectory(directory: string): void {
  rmSync(directory, { recursive: true, force: true, maxRetries: 3 });
  bundleDirectories.delete(directory);
}

/** Whether a process runs (signal 0 only asks); EPERM: it runs, as another user. */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the bundles' directories of processes that ended without removing them, named by the
 * process id in their name. Their exit hook did not run: tsx kills a child that does not answer a
 * signal within 30 ms, as a synth busy bundling cannot, and a jest test file's `process` is the
 * test environment's copy, whose `exit` never fires.
 */
export function removeOrphanedBundleDirectories(): void {
  const pattern = new RegExp(`^${BUNDLES_DIRECTORY_PREFIX}(\\d+)-`);
  for (const name of readdirSync(tmpdir())) {
    const pid = pattern.exec(name)?.[1];
    if (pid !== undefined && !processRuns(Number(pid))) {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true, maxRetries: 3 });
    }
  }
}

/**
 * Bundles the entries with one esbuild run, each into a directory of its own, and the sibling
 * modules once, each into its file in the directories' parent.
 */
export function bundleFunctions(
  entries: readonly string[],
  siblingModules: Readonly<Record<string, string>> = SIBLING_MODULES,
): Map<string, FunctionBundle> {
  const outdir = newBundleDirectory();
  const names = entries.map((entry, index) => [String(index), entry] as const);
  const siblingFiles = new Map(
    Object.keys(siblingModules).map((importPath) => [
      importPath,
      path.join(outdir, `${path.basename(importPath)}.js`),
    ]),
  );
  const { metafile } = buildSync({
    ...functionBundleOptions(outdir, siblingModules),
    entryPoints: {
      ...Object.fromEntries(names.map(([name, entry]) => [`${name}/index`, entry])),
      ...Object.fromEntries(
        Object.entries(siblingModules).map(([importPath, module]) => [
          path.basename(importPath),
          module,
        ]),
      ),
    },
    metafile: true,
  });
  // The import path is left as written wherever it is written: only the module's own directory
  // may write it.
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    for (const { path: importPath, external } of imports) {
      const module = siblingModules[importPath];
      if (external && module && path.resolve(path.dirname(input)) !== path.dirname(module)) {
        throw new Error(`${input} imports ${importPath}, which the bundles take for ${module}`);
      }
    }
  }
  return new Map(
    names.map(([name, entry]) => {
      const directory = path.join(outdir, name);
      // The metafile names files relative to the working directory.
      const output = path.relative(process.cwd(), path.join(directory, 'index.js'));
      const required = (metafile.outputs[output]?.imports ?? []).flatMap((imported) => {
        const file = imported.external ? siblingFiles.get(imported.path) : undefined;
        return file ? [file] : [];
      });
      return [entry, { directory, siblingFiles: [...new Set(required)] }];
    }),
  );
}

/**
 * Copies the entry's bundle into `outputDir`: from the batch when every stack is bundled (`cdk
 * synth`), else bundled alone and removed once copied (a synth that bundles only some stacks, as
 * a test does, should not bundle every function).
 */
function copyBundleOf(entry: string, everyStackBundled: boolean, outputDir: string): void {
  if (everyStackBundled) batch ??= bundleFunctions(knownFunctionEntries());
  const fromBatch = batch?.get(entry);
  if (fromBatch) {
    copyFunctionBundle(fromBatch, outputDir);
    return;
  }
  const alone = bundleFunctions([entry]).get(entry);
  if (!alone) throw new Error(`No bundle for ${entry}`);
  try {
    copyFunctionBundle(alone, outputDir);
  } finally {
    removeBundleDirectory(path.dirname(alone.directory));
  }
}

/**
 * Copies a bundled file and its source map into `outputDir`. The map's `sources` are relative to
 * the map, so they are made relative to the new place, as esbuild would have written them there.
 */
function copyWithSourceMap(file: string, outputDir: string): void {
  const name = path.basename(file);
  copyFileSync(file, path.join(outputDir, name));
  const sourceMap = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  sourceMap.sources = sourceMap.sources.map((source) =>
    path.relative(outputDir, path.resolve(path.dirname(file), source)),
  );
  writeFileSync(path.join(outputDir, `${name}.map`), JSON.stringify(sourceMap));
}

/** Copies a function's bundle, with the sibling module files it requires, to `outputDir`. */
export function copyFunctionBundle(bundle: FunctionBundle, outputDir: string): void {
  mkdirSync(outputDir, { recursive: true });
  for (const file of [path.join(bundle.directory, 'index.js'), ...bundle.siblingFiles]) {
    copyWithSourceMap(file, outputDir);
  }
}

/**
 * A function's code asset: its entry bundled with the others. Where the app is synthesized
 * without bundling (`aws:cdk:bundling-stacks`, as the infra tests do) CDK skips it.
 */
export function bundledFunctionCode(scope: Construct, entry: string): Code {
  const bundledStacks = (scope.node.tryGetContext(BUNDLING_STACKS) as string[] | undefined) ?? [
    '**',
  ];
  const everyStackBundled = bundledStacks.includes('**');
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type; never used, because local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('local-bundling-only'),
      // CDK reuses a bundle for assets of the same source and bundling options; the entry in
      // the options gives each function its own.
      command: ['bundle', path.relative(REPO_ROOT, entry)],
      local: {
        tryBundle(outputDir) {
          copyBundleOf(entry, everyStackBundled, outputDir);
          return true;
        },
      },
    },
  });
}
