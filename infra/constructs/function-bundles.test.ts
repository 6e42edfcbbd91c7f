import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { parse } from 'tldts';
import { buildOpenApiDocument } from '@expiry-radar/shared/api/openapi-document';
import { routeTable } from '@expiry-radar/shared/api/route-table';
import {
  bundleFunctions,
  copyFunctionBundle,
  ESBUILD_OPTIONS,
  functionBundleOptions,
  removeOrphanedBundleDirectories,
} from './function-bundles';

/**
 * Bundles an entry of `lines` with `options(directory)` in a directory of its own, runs the
 * bundle with Node.js and answers what it printed (JSON) and the build's metafile.
 */
function bundleAndRun(
  lines: readonly string[],
  options: (directory: string) => BuildOptions,
  env?: NodeJS.ProcessEnv,
): { answer: unknown; metafile: Metafile } {
  const directory = mkdtempSync(path.join(tmpdir(), 'function-bundles-'));
  try {
    const entry = path.join(directory, 'entry.ts');
    writeFileSync(entry, lines.join('\n'));
    const { metafile } = buildSync({
      ...options(directory),
      entryPoints: { index: entry },
      metafile: true,
    });
    const printed = execFileSync(process.execPath, [path.join(directory, 'index.js')], {
      encoding: 'utf8',
      env,
    });
    return { answer: JSON.parse(printed) as unknown, metafile };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

const withEsbuildOptions = (directory: string): BuildOptions => ({
  ...ESBUILD_OPTIONS,
  outdir: directory,
});

describe("the functions' esbuild options", () => {
  it('bundle tldts required by its first parse (not loaded with the bundle), answering as tldts does', () => {
    const { answer, metafile } = bundleAndRun(
      [
        "import { parse } from 'tldts';",
        'const options = { allowPrivateDomains: false, extractHostname: false };',
        "console.log(JSON.stringify(parse('shop.example.co.uk', options)));",
      ],
      withEsbuildOptions,
    );
    const importsOfTldts = Object.entries(metafile.inputs).flatMap(([importer, input]) =>
      input.imports
        .filter((imported) => imported.path.includes('node_modules/tldts/'))
        .map((imported) => ({ importer: path.basename(importer), kind: imported.kind })),
    );
    expect(importsOfTldts).toEqual([{ importer: 'tldts-on-first-use.ts', kind: 'require-call' }]);
    expect(answer).toEqual(
      parse('shop.example.co.uk', { allowPrivateDomains: false, extractHostname: false }),
    );
  });

  it("bundle DynamoDB's document commands required by the first command made, each the package's own", () => {
    const { answer } = bundleAndRun(
      [
        "import { GetCommand } from '@aws-sdk/lib-dynamodb';",
        "const loaded = () => Object.keys(require.cache).some((file) => file.includes('/lib-dynamodb/'));",
        'const atLoad = loaded();',
        "const command = new GetCommand({ TableName: 'tokens', Key: { pk: 'a' } });",
        "const { GetCommand: PackageCommand } = require('module').createRequire(__filename)('@aws-sdk/lib-dynamodb');",
        'console.log(JSON.stringify({ atLoad, afterCommand: loaded(), own: command instanceof PackageCommand, input: command.input }));',
      ],
      withEsbuildOptions,
      // The runtime's AWS SDK: the bundle leaves it out.
      { ...process.env, NODE_PATH: path.resolve(__dirname, '../../node_modules') },
    );
    expect(answer).toEqual({
      atLoad: false,
      afterCommand: true,
      own: true,
      input: { TableName: 'tokens', Key: { pk: 'a' } },
    });
  });

  it('bundle the OpenAPI document built from the route table at synth, without the table', () => {
    const { answer, metafile } = bundleAndRun(
      [
        "import { servedOpenApiDocument } from '@expiry-radar/shared/api/served-openapi-document';",
        'console.log(JSON.stringify(servedOpenApiDocument()));',
      ],
      functionBundleOptions,
    );
    const bundled = Object.keys(metafile.inputs).map((input) => path.basename(input));
    expect(bundled).not.toContain('route-table.ts');
    expect(bundled).not.toContain('openapi-document.ts');
    expect(answer).toEqual(buildOpenApiDocument(routeTable));
  });
});

describe("the functions' bundles", () => {
  it('require a sibling module from its file beside index.js when its importer loads, not with the bundle', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'function-bundles-'));
    const libraries = path.join(directory, 'libraries.ts');
    const taskRoot = path.join(directory, 'task');
    let bundlesDirectory: string | undefined;
    try {
      writeFileSync(libraries, 'export const double = (n: number) => n * 2;');
      writeFileSync(
        path.join(directory, 'feature.ts'),
        "import { double } from './libraries';\nexport const answer = () => double(21);",
      );
      const entry = path.join(directory, 'entry.ts');
      writeFileSync(
        entry,
        [
          "const loaded = () => Object.keys(require.cache).some((file) => file.endsWith('/libraries.js'));",
          'const atLoad = loaded();',
          "void import('./feature').then(({ answer }) =>",
          '  console.log(JSON.stringify({ atLoad, answer: answer(), afterImport: loaded() })),',
          ');',
        ].join('\n'),
      );
      const bundle = bundleFunctions([entry], { './libraries': libraries }).get(entry);
      if (!bundle) throw new Error('No bundle');
      bundlesDirectory = path.dirname(bundle.directory);
      copyFunctionBundle(bundle, taskRoot);

      expect(readdirSync(taskRoot).sort()).toEqual([
        'index.js',
        'index.js.map',
        'libraries.js',
        'libraries.js.map',
      ]);
      const { sources } = JSON.parse(
        readFileSync(path.join(taskRoot, 'libraries.js.map'), 'utf8'),
      ) as { sources: string[] };
      expect(sources.map((source) => path.resolve(taskRoot, source))).toEqual([libraries]);
      const printed = execFileSync(process.execPath, [path.join(taskRoot, 'index.js')], {
        encoding: 'utf8',
      });
      expect(JSON.parse(printed)).toEqual({ atLoad: false, answer: 42, afterImport: true });
    } finally {
      rmSync(directory, { recursive: true, force: true });
      if (bundlesDirectory) rmSync(bundlesDirectory, { recursive: true, force: true });
    }
  });

  it('removes the bundles it wrote as the process that wrote them exits', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'function-bundles-'));
    try {
      const entry = path.join(directory, 'entry.ts');
      writeFileSync(entry, "console.log('answer');");
      const bundler = path.join(__dirname, 'function-bundles.ts');
      const script = [
        `const { bundleFunctions } = require(${JSON.stringify(bundler)});`,
        `const bundle = bundleFunctions([${JSON.stringify(entry)}], {}).get(${JSON.stringify(entry)});`,
        "console.log(require('node:path').dirname(bundle.directory));",
        "console.log(require('node:fs').existsSync(bundle.directory));",
      ].join('\n');
      const printed = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
        encoding: 'utf8',
      });
      const [bundlesDirectory, existedWhileRunning] = printed.trim().split('\n');
      expect(existedWhileRunning).toBe('true');
      expect(existsSync(bundlesDirectory!)).toBe(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('removes the bundles of processes that ended without removing them, not those of running ones', () => {
    const { pid: ended } = spawnSync('true');
    const bundles = (pid: number) =>
      mkdtempSync(path.join(tmpdir(), `expiry-radar-function-bundles-${pid}-`));
    const orphaned = bundles(ended);
    const running = bundles(process.pid);
    try {
      removeOrphanedBundleDirectories();
      expect([existsSync(orphaned), existsSync(running)]).toEqual([false, true]);
    } finally {
      for (const directory of [orphaned, running]) {
        rmSync(directory, { recursive: true, force: true });
      }
    }
  });
});
