/**
 * `npm run bench`: every benchmark in turn, each printing its figures against the budgets in
 * docs/architecture.md; `npm run bench -- dashboard token-list` runs only those named. Run after
 * `npm run build` (the script does both).
 *
 * Each benchmark runs in a process of its own: its emulators, ports, AWS clients and environment
 * start fresh and end with it, so one benchmark's state never reaches the next, and a benchmark
 * that fails does not stop the others (the run then exits with 1, naming it). A figure printed
 * over its budget (a line saying OVER) is repeated at the end, and the run exits with 1 too.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { measureAlertDigests } from './alert-digests';
import { measureAlertPipeline } from './alert-pipeline';
import { lambdaBundleSizes, webChunkSizes } from './bundle-sizes';
import { measureColdStarts } from './cold-starts';
import { measureDashboardRender } from './dashboard-render';
import { measureEndpointChecks } from './endpoint-checks';
import { measureExpiryScanCost } from './expiry-scan-cost';
import { measureImportCost } from './import-cost';
import { measureLandingJavaScript } from './landing-javascript';
import { measureScanMillion } from './scan-million';
import { measureTenantCost } from './tenant-cost';
import { measureTokenListCost } from './token-list-cost';
import { measureTokenLoad } from './token-load';

interface Benchmark {
  /** What `npm run bench -- <name>` selects it by. */
  readonly name: string;
  readonly run: () => Promise<void> | void;
}

export const benchmarks: readonly Benchmark[] = [
  { name: 'lambda-bundles', run: lambdaBundleSizes },
  { name: 'cold-starts', run: measureColdStarts },
  { name: 'landing', run: measureLandingJavaScript },
  { name: 'web-chunks', run: webChunkSizes },
  { name: 'token-list', run: () => measureTokenListCost() },
  { name: 'token-load', run: () => measureTokenLoad() },
  { name: 'import', run: measureImportCost },
  { name: 'expiry-scan', run: measureExpiryScanCost },
  { name: 'scan-million', run: () => measureScanMillion() },
  { name: 'alert-pipeline', run: measureAlertPipeline },
  { name: 'alert-digests', run: measureAlertDigests },
  { name: 'endpoint-checks', run: measureEndpointChecks },
  { name: 'dashboard', run: measureDashboardRender },
  { name: 'cost', run: measureTenantCost },
];

/** The argument with which the runner starts itself to run one benchmark in the child process. */
const IN_THIS_PROCESS = '--in-this-process';

class UnknownBenchmarkError extends Error {}

/** The benchmarks named (every one when none is), or an error naming the unknown ones. */
export function selectBenchmarks(names: readonly string[]): readonly Benchmark[] {
  const unknown = names.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) {
    throw new UnknownBenchmarkError(
      `Unknown benchmark${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. The benchmarks: ${benchmarks.map((benchmark) => benchmark.name).join(', ')}.`,
    );
  }
  return names.length === 0
    ? benchmarks
    : benchmarks.filter((benchmark) => names.includes(benchmark.name));
}

/** A line a benchmark prints for a figure over its budget. */
export const overBudget = (line: string) => /\bOVER\b/.test(line);

/**
 * Runs one benchmark in a child process, printing what it prints, and resolves with its exit code
 * and the lines that report a figure over its budget.
 */
function runInChildProcess(name: string): Promise<{ code: number | null; overLines: string[] }> {
  const child = spawn(
    join(__dirname, '../../node_modules/.bin/tsx'),
    [__filename, IN_THIS_PROCESS, name],
    { stdio: ['inherit', 'pipe', 'inherit'], env: process.env },
  );
  const overLines: string[] = [];
  const output = createInterface({ input: child.stdout, crlfDelay: Infinity });
  output.on('line', (line) => {
    console.log(line);
    if (overBudget(line)) overLines.push(line.trim());
  });
  const printed = new Promise((done) => output.once('close', done));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      void printed.then(() => done({ code: signal ? null : code, overLines }));
    });
  });
}

async function main(args: readonly string[]): Promise<void> {
  if (args[0] === IN_THIS_PROCESS) {
    for (const benchmark of selectBenchmarks(args.slice(1))) await benchmark.run();
    return;
  }
  const selected = selectBenchmarks(args);
  const failed: string[] = [];
  const overBudgetLines: string[] = [];
  for (const benchmark of selected) {
    const started = performance.now();
    console.log(`\n=== ${benchmark.name} ===`);
    const { code, overLines } = await runInChildProcess(benchmark.name);
    overBudgetLines.push(...overLines.map((line) => `${benchmark.name}: ${line}`));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (code === 0) {
      console.log(`=== ${benchmark.name}: done in ${seconds} s ===`);
    } else {
      console.log(
        `=== ${benchmark.name}: FAILED (exit ${code ?? 'by signal'}) after ${seconds} s ===`,
      );
      failed.push(benchmark.name);
    }
  }
  console.log(
    failed.length === 0
      ? `\nEvery benchmark completed (${selected.map((benchmark) => benchmark.name).join(', ')}).`
      : `\nFailed: ${failed.join(', ')}.`,
  );
  if (overBudgetLines.length > 0) {
    console.log(`\nOver budget:\n${overBudgetLines.map((line) => `  ${line}`).join('\n')}`);
  }
  if (failed.length > 0 || overBudgetLines.length > 0) process.exitCode = 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof UnknownBenchmarkError ? error.message : error);
    process.exit(1);
  });
}
