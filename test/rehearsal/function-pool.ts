/**
 * The execution environments of the rehearsed functions: a process per function, started on its
 * first invocation (a cold start) and reused for the next ones (warm), one invocation at a time
 * per function as in one Lambda execution environment. At most `maxProcesses` run at once; the
 * least recently used one is stopped to make room (its next invocation starts cold again).
 * Everything each function did is kept for the report: invocations, SDK calls, failures.
 */
import { join } from 'node:path';
import type { LambdaFunction } from './cloud-assembly';
import {
  LambdaInitError,
  LambdaProcess,
  type InvocationOptions,
  type InvocationResult,
} from './lambda-process';
import type { RecordedCall } from './sdk-call-requirements';

export interface FunctionRecord {
  readonly fn: LambdaFunction;
  readonly label: string;
  invocations: number;
  coldStarts: number;
  readonly calls: RecordedCall[];
  readonly failures: string[];
}

export interface PooledFunction {
  readonly fn: LambdaFunction;
  readonly label: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly functionArn: string;
}

interface Slot {
  process?: LambdaProcess;
  busy: Promise<unknown>;
  inFlight: boolean;
  lastUsed: number;
}

export class FunctionPool {
  readonly records = new Map<string, FunctionRecord>();
  private readonly slots = new Map<string, Slot>();
  private readonly functions = new Map<string, PooledFunction>();

  constructor(
    private readonly tasksDirectory: string,
    private readonly maxProcesses: number,
  ) {}

  add(pooled: PooledFunction): void {
    const key = keyOf(pooled.fn);
    this.functions.set(key, pooled);
    this.records.set(key, {
      fn: pooled.fn,
      label: pooled.label,
      invocations: 0,
      coldStarts: 0,
      calls: [],
      failures: [],
    });
  }

  record(fn: LambdaFunction): FunctionRecord {
    const record = this.records.get(keyOf(fn));
    if (!record) throw new Error(`${fn.path} is not in the rehearsal`);
    return record;
  }

  /** Invokes the function (after any invocation of it still running); never throws. */
  invoke(
    fn: LambdaFunction,
    event: unknown,
    options: InvocationOptions = {},
  ): Promise<InvocationResult> {
    const key = keyOf(fn);
    const slot = this.slots.get(key) ?? { busy: Promise.resolve(), inFlight: false, lastUsed: 0 };
    this.slots.set(key, slot);
    const run = slot.busy.then(async () => {
      slot.inFlight = true;
      try {
        return await this.invokeNow(key, slot, event, options);
      } finally {
        slot.inFlight = false;
      }
    });
    slot.busy = run.catch(() => undefined);
    return run;
  }

  async stopAll(): Promise<void> {
    await Promise.all(
      [...this.slots.values()].map(async (slot) => {
        await slot.busy;
        await slot.process?.stop();
        slot.process = undefined;
      }),
    );
  }

  private async invokeNow(
    key: string,
    slot: Slot,
    event: unknown,
    options: InvocationOptions,
  ): Promise<InvocationResult> {
    const pooled = this.functions.get(key);
    const record = this.records.get(key);
    if (!pooled || !record) throw new Error(`${key} is not in the rehearsal`);
    slot.lastUsed = Date.now();
    record.invocations += 1;
    if (!slot.process) {
      await this.makeRoom(key);
      try {
        slot.process = await LambdaProcess.start({
          label: pooled.label,
          assetDirectory: pooled.fn.assetDirectory ?? '',
          taskRoot: join(this.tasksDirectory, `${pooled.fn.stack}-${pooled.fn.logicalId}`),
          environment: pooled.environment,
          timeoutSeconds: pooled.fn.timeoutSeconds,
          functionArn: pooled.functionArn,
        });
      } catch (error) {
        const message = error instanceof LambdaInitError ? error.message : String(error);
        record.failures.push(message);
        return {
          error: { name: 'InitError', message },
          timedOut: false,
          calls: [],
          durationMs: 0,
        };
      }
      record.coldStarts += 1;
      record.calls.push(...slot.process.initCalls);
    }
    // The process this invocation runs in, even if the slot's is replaced meanwhile.
    const running = slot.process;
    const result = await running.invoke(event, options);
    record.calls.push(...result.calls);
    if (result.timedOut) {
      record.failures.push(`timed out after ${pooled.fn.timeoutSeconds} s\n${running.logTail()}`);
      if (slot.process === running) slot.process = undefined;
    } else if (result.error) {
      record.failures.push(
        `the invocation failed: ${result.error.name}: ${result.error.message}\n${running.logTail()}`,
      );
    }
    slot.lastUsed = Date.now();
    return result;
  }

  /** The function's log lines so far, for a failure message. */
  logTail(fn: LambdaFunction): string {
    return this.slots.get(keyOf(fn))?.process?.logTail() ?? '';
  }

  private async makeRoom(startingKey: string): Promise<void> {
    const running = [...this.slots.entries()].filter(
      ([key, slot]) => slot.process && key !== startingKey,
    );
    if (running.length < this.maxProcesses) return;
    // Only idle processes are stopped; while every one is busy, one more may run.
    const idle = running
      .filter(([, slot]) => !slot.inFlight)
      .sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    // All are taken from their slots before any is stopped: stopping one takes time, and an
    // invocation starting meanwhile in a slot still holding its process would be stopped with it.
    const stopping = idle.slice(0, running.length - this.maxProcesses + 1).flatMap(([, slot]) => {
      const process = slot.process;
      slot.process = undefined;
      return process ? [process] : [];
    });
    await Promise.all(stopping.map((process) => process.stop()));
  }
}

export function keyOf(fn: LambdaFunction): string {
  return `${fn.stack}/${fn.logicalId}`;
}
