/**
 * Sizes: every route's Lambda bundle (built as the CDK api stack builds it) and every lazy chunk
 * of the web app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { routeHandlerFiles } from '@expiry-radar/functions/http/route-handlers';

const projectRoot = join(__dirname, '../..');
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function lambdaBundleSizes(): Promise<void> {
  console.log('Lambda bundles (minified, @aws-sdk/* provided by the runtime):');
  for (const [routeId, file] of Object.entries(routeHandlerFiles)) {
    const result = await build({
      entryPoints: [join(projectRoot, 'functions/src/http', file)],
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      external: ['@aws-sdk/*'],
      tsconfig: join(projectRoot, 'tsconfig.base.json'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    console.log(
      `  ${routeId.padEnd(24)} ${kilobytes(code.length).padStart(10)}  gzip ${kilobytes(gzipSync(code).length).padStart(9)}`,
    );
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
