#!/usr/bin/env node
// The `expiry-radar` command. In the repository the TypeScript source runs through tsx (no build
// step after `npm ci`); the published package carries the compiled `dist/` (built by `prepack`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = new URL('../src/main.ts', import.meta.url);
try {
  if (existsSync(fileURLToPath(source))) {
    const { register } = await import('tsx/esm/api');
    register();
    await import(source.href);
  } else {
    await import('../dist/main.js');
  }
} catch (error) {
  // The tool could not load (an incomplete install): one line and the exit code of an
  // unexpected error (70, cli/src/exit-codes.ts), not a stack trace.
  process.stderr.write(
    `expiry-radar: unexpected error: ${String(error?.message ?? error).split('\n')[0]}\n`,
  );
  process.exitCode = 70;
}
