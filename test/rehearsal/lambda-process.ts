/**
 * One rehearsed function in a fresh Node.js process: its asset copied to a task root of its own
 * (outside the repository, so the bundle finds nothing but what it holds and the runtime's AWS
 * SDK), the given environment and nothing else, the SDK call recorder preloaded. Invocations go
 * over the IPC channel to lambda-runtime.cjs and are cut off at the function's timeout.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RecordedCall } from './sdk-call-requirements';

const RUNTIME_DIR = join(__dirname, 'lambda-runtime');
/** Loaded before the bundle; neither changes it (see each file). */
const PRELOADS = ['sdk-call-recorder.cjs', 'localhost-names.cjs'];

export interface InvocationOptions {
  /**
   * The invocation's `Math.random` draws from [0, randomBelow) instead of [0, 1): a path the code
   * takes with a probability of at least `randomBelow` (a token write folding the search index)
   * is then taken every time.
   */
  readonly randomBelow?: number;
}

export interface InvocationResult {
  readonly result?: unknown;
  readonly error?: { name: string; message: string; stack?: string };
  readonly timedOut: boolean;
  readonly calls: readonly RecordedCall[];
  readonly durationMs: number;
}

type RuntimeMessage =
  | { type: 'ready'; calls: RecordedCall[] }
  | {
      type: 'init-error';
      error: { name: string; message: string; stack?: string };
      calls: RecordedCall[];
    }
  | {
      type: 'result';
      id: string;
      result?: unknown;
      error?: { name: string; message: string; stack?: string };
      calls: RecordedCall[];
    };

export class LambdaInitError extends Error {
  override readonly name = 'LambdaInitError';
}

export interface LambdaProcessOptions {
  readonly label: string;
  readonly assetDirectory: string;
  /** Where the asset is copied (the function's /var/task). */
  readonly taskRoot: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeoutSeconds: number;
  readonly functionArn: string;
}

export class LambdaProcess {
  private output = '';
  private readonly pending = new Map<
    string,
    (message: RuntimeMessage & { type: 'result' }) => void
  >();
  private exited = false;
  /** Calls made while the bundle was loaded (module scope, before the first invocation). */
  initCalls: readonly RecordedCall[] = [];
  /** `performance.now()` when the process was started, its asset already copied (a cold start). */
  startedAt = 0;

  private constructor(
    private readonly child: ChildProcess,
    private readonly options: LambdaProcessOptions,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => this.append(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.append(chunk));
    child.on('exit', (code, signal) => {
      this.exited = true;
      for (const [id, resolve] of this.pending) {
        resolve({
          type: 'result',
          id,
          error: { name: 'ProcessExited', message: `The process exited (${signal ?? code})` },
          calls: [],
        });
      }
      this.pending.clear();
    });
    child.on('message', (message: RuntimeMessage) => {
      if (message.type !== 'result') return;
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    });
  }

  static async start(options: LambdaProcessOptions): Promise<LambdaProcess> {
    cpSync(options.assetDirectory, options.taskRoot, { recursive: true });
    const startedAt = performance.now();
    const child = fork(join(RUNTIME_DIR, 'lambda-runtime.cjs'), [], {
      cwd: options.taskRoot,
      env: { ...options.environment, LAMBDA_TASK_ROOT: options.taskRoot },
      execArgv: PRELOADS.flatMap((preload) => ['--require', join(RUNTIME_DIR, preload)]),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const lambda = new LambdaProcess(child, options);
    lambda.startedAt = startedAt;
    const first = await new Promise<RuntimeMessage | undefined>((resolve) => {
      child.once('message', (message: RuntimeMessage) => resolve(message));
      child.once('exit', () => resolve(undefined));
    });
    if (first?.type === 'ready') {
      lambda.initCalls = first.calls;
      return lambda;
    }
    await lambda.stop();
    const reason =
      first?.type === 'init-error'
        ? `${first.error.name}: ${first.error.message}`
        : `the process exited while loading`;
    throw new LambdaInitError(
      `${options.label} failed to load its handler: ${reason}\n${lambda.logTail()}`,
    );
  }

  async invoke(event: unknown, options: InvocationOptions = {}): Promise<InvocationResult> {
    const started = Date.now();
    if (this.exited) {
      return {
        error: { name: 'ProcessExited', message: 'The process is no longer running' },
        timedOut: false,
        calls: [],
        durationMs: 0,
      };
    }
    const id = randomUUID();
    const timeoutMs = this.options.timeoutSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<RuntimeMessage & { type: 'result' }>((resolve) => {
      this.pending.set(id, resolve);
    });
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    this.child.send({
      type: 'invoke',
      id,
      event,
      requestId: id,
      traceId: `Root=1-${Math.floor(started / 1000).toString(16)}-${randomUUID().replace(/-/g, '').slice(0, 24)};Parent=${randomUUID().replace(/-/g, '').slice(0, 16)};Sampled=1`,
      deadline: started + timeoutMs,
      functionArn: this.options.functionArn,
      randomBelow: options.randomBelow,
    });
    const outcome = await Promise.race([answer, timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      this.pending.delete(id);
      // Lambda ends a timed-out environment; the next invocation starts cold.
      await this.stop();
      return {
        error: {
          name: 'TimeoutError',
          message: `Task timed out after ${this.options.timeoutSeconds} seconds`,
        },
        timedOut: true,
        calls: [],
        durationMs: Date.now() - started,
      };
    }
    return {
      result: outcome.result,
      error: outcome.error,
      timedOut: false,
      calls: outcome.calls,
      durationMs: Date.now() - started,
    };
  }

  /** The last lines the function wrote (its logs), for failure messages. */
  logTail(lines = 15): string {
    return this.output.trimEnd().split('\n').slice(-lines).join('\n');
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    await exited;
  }

  private append(chunk: Buffer): void {
    this.output += chunk.toString();
    if (this.output.length > 200_000) this.output = this.output.slice(-100_000);
  }
}
