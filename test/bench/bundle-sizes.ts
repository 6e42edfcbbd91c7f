/**
 * Sizes: every Lambda function's bundle as the one synth wrote it (cdk.out, the assets `npm test`
 * rehearses; synthesized first when absent) and every lazy chunk of the web app.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lambdaFunctions, readCloudAssembly } from '../rehearsal/cloud-assembly';

const projectRoot = join(__dirname, '../..');
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function synthesizedAssembly(): string {
  const assembly = join(projectRoot, 'cdk.out');
  if (!existsSync(join(assembly, 'manifest.json'))) {
    const synth = spawnSync('npm', ['run', 'synth'], { cwd: projectRoot, stdio: 'inherit' });
    if (synth.status !== 0) throw new Error('npm run synth failed');
  }
  return assembly;
}

export function lambdaBundleSizes(): void {
  const functions = lambdaFunctions(readCloudAssembly(synthesizedAssembly()))
    .filter((fn) => fn.assetDirectory && existsSync(join(fn.assetDirectory, 'index.js')))
    .sort((a, b) => a.path.localeCompare(b.path));
  console.log(
    'Lambda bundles (minified, @aws-sdk/* provided by the runtime), from the synthesized assembly:',
  );
  const width = Math.max(...functions.map((fn) => fn.path.length));
  for (const fn of functions) {
    const directory = fn.assetDirectory ?? '';
    const size = (file: string) => {
      const code = readFileSync(join(directory, file));
      return `${kilobytes(code.length).padStart(10)}  gzip ${kilobytes(gzipSync(code).length).padStart(9)}`;
    };
    console.log(`  ${fn.path.replace(/\/Function$/, '').padEnd(width)} ${size('index.js')}`);
    // The sibling module files beside index.js (infra/constructs/function-bundles.ts): read when
    // first required, not as the bundle loads.
    const siblingFiles = readdirSync(directory).filter(
      (file) => file.endsWith('.js') && file !== 'index.js',
    );
    for (const file of siblingFiles) {
      console.log(`  ${`  + ${file} (on first use)`.padEnd(width)} ${size(file)}`);
    }
  }
}

export function webChunkSizes(): void {
  const dist = join(projectRoot, 'web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );
  const upFront = new Set(scripts.map((script) => script.replace('/assets/', '')));
  const lazyChunks = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js') && !upFront.has(file))
    .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, 'assets', file))).length }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log(`Web: ${lazyChunks.length} lazy chunks (each loaded when its route is visited):`);
  for (const chunk of lazyChunks) {
    console.log(`  ${chunk.file.padEnd(48)} gzip ${kilobytes(chunk.gzip).padStart(9)}`);
  }
}
