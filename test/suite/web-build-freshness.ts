/**
 * Whether `web/dist` was built from the sources as they are: the benchmarks use the web build the
 * test command made instead of building again, unless a source changed since.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build reads, besides node_modules. */
const WEB_BUILD_INPUTS = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/vite-plugins',
  'web/public',
  'shared/src',
];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  );
}

export function webBuildIsCurrent(projectRoot: string): boolean {
  const built = join(projectRoot, 'web/dist/index.html');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return WEB_BUILD_INPUTS.every((input) => newestModification(join(projectRoot, input)) <= builtAt);
}
