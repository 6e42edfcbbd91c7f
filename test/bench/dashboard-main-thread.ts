/**
 * The page's main thread on the way to the dashboard's first full render, read from a Chromium
 * trace of one load: the CPU time of the renderer main thread's tasks (their thread time) from
 * navigation start to the end of the first full render, against the wall time of those tasks.
 *
 * On this two-core machine Chromium's other processes, the local server and DynamoDB Local run
 * beside the page, and a task's wall time includes the time its thread waited for a core (or on
 * another process); its thread time does not. The CPU figure is the page's own work, without
 * those waits.
 */
import type { BrowserContext } from 'playwright-core';

export interface MainThreadLoad {
  /** Navigation start to the end of the first full render, in ms. */
  readonly firstRender: number;
  /** CPU time of the main thread's tasks up to the first full render, in ms. */
  readonly cpu: number;
  /** Wall time of the same tasks, in ms: `cpu` plus the time the thread was not running. */
  readonly taskWall: number;
}

interface TraceEvent {
  readonly name?: string;
  readonly ph?: string;
  readonly pid?: number;
  readonly tid?: number;
  /** Wall clock, in µs. */
  readonly ts?: number;
  readonly dur?: number;
  /** Thread (CPU) time, in µs. */
  readonly tdur?: number;
  readonly args?: Record<string, unknown>;
}

const TRACE_CATEGORIES = ['devtools.timeline', 'toplevel', 'blink.user_timing', 'loading'];
/** A task of a thread's run loop, as Chromium's `toplevel` category records it. */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** How long a traced load is left to run before the trace ends (the render comes well before). */
const TRACED_LOAD_MS = 1_500;

/** Reads the main thread's figures of one trace of a load of `url` (see MainThreadLoad). */
export function mainThreadOf(
  events: readonly TraceEvent[],
  url: string,
  measure: string,
): MainThreadLoad {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      JSON.stringify(event.args ?? {}).includes(`"documentLoaderURL":"${url}"`),
  );
  if (navigation?.ts === undefined) throw new Error(`The trace has no navigation to ${url}`);
  const start = navigation.ts;
  const renderer = navigation.pid;
  const mainThreads = new Set(
    events
      .filter(
        (event) =>
          event.ph === 'M' &&
          event.name === 'thread_name' &&
          event.pid === renderer &&
          event.args?.name === 'CrRendererMain',
      )
      .map((event) => event.tid),
  );
  const renderEnds = events
    .filter((event) => event.name === measure && (event.ts ?? 0) >= start)
    .map((event) => (event.ts ?? 0) + (event.dur ?? 0));
  if (renderEnds.length === 0) throw new Error(`The trace has no ${measure}`);
  const end = Math.max(...renderEnds);
  const tasks = events.filter(
    (event) =>
      event.ph === 'X' &&
      TASK_EVENTS.has(event.name ?? '') &&
      event.pid === renderer &&
      mainThreads.has(event.tid) &&
      (event.ts ?? 0) >= start &&
      (event.ts ?? 0) <= end,
  );
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  return {
    firstRender: (end - start) / 1000,
    cpu: sum(tasks.map((task) => task.tdur ?? 0)) / 1000,
    taskWall: sum(tasks.map((task) => task.dur ?? 0)) / 1000,
  };
}

/** Loads `url` in a new page of `context` with Chromium tracing on, and reads its main thread. */
export async function traceMainThread(
  context: BrowserContext,
  url: string,
  measure: string,
): Promise<MainThreadLoad> {
  const page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    await session.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: TRACE_CATEGORIES },
    });
    const complete = new Promise<string>((resolve, reject) =>
      session.once('Tracing.tracingComplete', ({ stream }) =>
        stream ? resolve(stream) : reject(new Error('The trace came without a stream')),
      ),
    );
    await page.goto(url, { waitUntil: 'commit' });
    await new Promise((done) => setTimeout(done, TRACED_LOAD_MS));
    await session.send('Tracing.end');
    const stream = await complete;
    let text = '';
    for (;;) {
      const chunk = await session.send('IO.read', { handle: stream, size: 1 << 20 });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      if (chunk.eof) break;
    }
    await session.send('IO.close', { handle: stream });
    const trace = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
    return mainThreadOf(Array.isArray(trace) ? trace : trace.traceEvents, url, measure);
  } finally {
    await page.close();
  }
}
