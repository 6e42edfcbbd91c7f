import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findFreePort } from '@expiry-radar/functions/local/ports';
import { makeTemporaryDirectory, removeTemporaryDirectory } from './temporary-directory';

export const projectRoot = resolve(__dirname, '../..');

export interface LocalAppProcess {
  readonly appUrl: string;
  readonly dataDirectory: string;
  /** The app's DynamoDB table, for tests that write their preconditions straight into it. */
  readonly tableName: string;
  readonly endpoints: Record<string, string>;
  output(): string;
  /** Sends Ctrl-C (SIGINT) and waits for the process and its emulators to end. */
  stop(): Promise<number | null>;
}

/** The ports `npm start`'s program listens on, each moved by its variable. */
const PORT_VARIABLES = ['PORT', 'DYNAMODB_PORT', 'SQS_PORT', 'SES_PORT'] as const;

/** A start takes seconds on a quiet machine; far more on a busy one (the JVM, tsx compiling). */
const START_TIMEOUT_MS = 120_000;
/** How long a local app that did not start is given to stop before it is killed. */
const STOP_GRACE_MS = 5_000;

/** How often the app starts again on new ports when one it was given was taken meanwhile. */
const START_ATTEMPTS = 3;

/**
 * The app could not bind a port found free a moment before: between the probe and the bind (a
 * second or two for DynamoDB Local's JVM) the system can hand the same port to another process,
 * often as the local end of one of the parallel tests' connections.
 */
class PortTakenMeanwhile extends Error {}

/**
 * Runs `npm start`'s program as its own process on free ports and a fresh data directory, the
 * way a developer or the end-to-end tests use it. Ports it chose that are taken before the app
 * binds them are chosen again; ports the caller names are not. A data directory the caller names
 * is kept; the fresh one is removed once the app has stopped (or failed to start).
 */
export async function startLocalApp(
  options: { dataDirectory?: string; env?: Record<string, string> } = {},
): Promise<LocalAppProcess> {
  if (options.dataDirectory !== undefined) {
    return startRetryingPorts(options.dataDirectory, options.env ?? {});
  }
  const dataDirectory = makeTemporaryDirectory('expiry-radar-data-');
  let app: LocalAppProcess;
  try {
    app = await startRetryingPorts(dataDirectory, options.env ?? {});
  } catch (error) {
    removeTemporaryDirectory(dataDirectory);
    throw error;
  }
  return {
    ...app,
    stop: async () => {
      const code = await app.stop();
      removeTemporaryDirectory(dataDirectory);
      return code;
    },
  };
}

async function startRetryingPorts(
  dataDirectory: string,
  callerEnv: Record<string, string>,
): Promise<LocalAppProcess> {
  const callerNamesPorts = PORT_VARIABLES.some((variable) => callerEnv[variable] !== undefined);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePorts(dataDirectory, callerEnv);
    } catch (error) {
      const again = error instanceof PortTakenMeanwhile && !callerNamesPorts;
      if (!again || attempt === START_ATTEMPTS) throw error;
    }
  }
}

async function startOnFreePorts(
  dataDirectory: string,
  callerEnv: Record<string, string>,
): Promise<LocalAppProcess> {
  const ports: Record<string, string> = {};
  for (const variable of PORT_VARIABLES) ports[variable] = String(await findFreePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...ports,
    DATA_DIR: dataDirectory,
    ...callerEnv,
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
    tableName: env.TABLE_NAME ?? 'expiry-radar-local',
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
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const message = `The local app exited with code ${child.exitCode}:\n${output()}`;
      // A port taken: start.ts's own check of its ports ("is already in use"), or DynamoDB
      // Local's and Node's words when the race is lost after that check.
      throw /already in use|EADDRINUSE/.test(output())
        ? new PortTakenMeanwhile(message)
        : new Error(message);
    }
    if (existsSync(endpointsFile) && output().includes('Press Ctrl-C to stop.')) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  await stopOrKill(child);
  throw new Error(`The local app did not start within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Asks the app to stop as Ctrl-C does (start.ts then stops its emulators and their processes),
 * and kills it only if it has not ended within a few seconds: killed at once, tsx's parent alone
 * would end, leaving the app and its emulators running.
 */
async function stopOrKill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const ended = new Promise<boolean>((done) => child.once('exit', () => done(true)));
  child.kill('SIGINT');
  const timedOut = new Promise<boolean>((done) => setTimeout(() => done(false), STOP_GRACE_MS));
  if (!(await Promise.race([ended, timedOut]))) child.kill('SIGKILL');
}
