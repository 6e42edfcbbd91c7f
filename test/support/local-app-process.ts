import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFreePort } from '@expiry-radar/functions/local/ports';

export const projectRoot = resolve(__dirname, '../..');

export interface LocalAppProcess {
  readonly appUrl: string;
  readonly dataDirectory: string;
  readonly endpoints: Record<string, string>;
  output(): string;
  /** Sends Ctrl-C (SIGINT) and waits for the process and its emulators to end. */
  stop(): Promise<number | null>;
}

/**
 * Runs `npm start`'s program as its own process on free ports and a fresh data directory, the
 * way a developer or the end-to-end tests use it.
 */
export async function startLocalApp(
  options: { dataDirectory?: string; env?: Record<string, string> } = {},
): Promise<LocalAppProcess> {
  const dataDirectory = options.dataDirectory ?? mkdtempSync(join(tmpdir(), 'expiry-radar-data-'));
  const env = {
    ...process.env,
    PORT: String(await findFreePort()),
    DYNAMODB_PORT: String(await findFreePort()),
    SQS_PORT: String(await findFreePort()),
    SES_PORT: String(await findFreePort()),
    DATA_DIR: dataDirectory,
    ...options.env,
  };
  const child = spawn(
    join(projectRoot, 'node_modules/.bin/tsx'),
    ['functions/src/local/start.ts'],
    {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const endpointsFile = join(dataDirectory, 'endpoints.json');
  await waitForReady(child, endpointsFile, () => output);
  const endpoints = JSON.parse(readFileSync(endpointsFile, 'utf8')) as Record<string, string>;
  return {
    appUrl: endpoints.app ?? '',
    dataDirectory,
    endpoints,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

async function waitForReady(
  child: ChildProcess,
  endpointsFile: string,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The local app exited with code ${child.exitCode}:\n${output()}`);
    }
    if (existsSync(endpointsFile) && output().includes('Press Ctrl-C to stop.')) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The local app did not start within 60 s:\n${output()}`);
}
