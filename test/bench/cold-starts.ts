/**
 * Cold starts (budget: docs/architecture.md): every Lambda function's bundle from the synthesized
 * assembly (cdk.out; synthesized first when absent) started as the deployment rehearsal starts it
 * (lambda-process.ts: a fresh Node.js process, the runtime stand-in, the template's environment
 * against the emulated deployment), timed from the process's start to its first answer, several
 * times each; beside it, an empty handler bundled with infra's esbuild options and run the same
 * way, its runs spread over the same run. A route function's median over the empty handler's has
 * a budget of 6x; the jobs' ratios are printed for information.
 *
 * The first answer is to a cheap event: a route gets a request without a session (its first read
 * is the CloudFront origin secret, as in AWS, then it answers 401, or 400 to a public route's
 * empty body or a query it refuses), a queue consumer an empty batch, a scheduled job its rule's
 * event. The secrets an operator puts in Parameter Store are there, as after a deploy.
 *
 * Reads cdk.out throughout (run it under the lock other readers of cdk.out take), or the cloud
 * assembly named by `CDK_ASSEMBLY` (a copy of cdk.out's manifest, templates and function assets).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyLocalCredentials } from '@expiry-radar/functions/local/emulators/local-credentials';
import { apiAnswerOf, apiGatewayEvent, type ApiTarget } from '../rehearsal/api-gateway-request';
import {
  lambdaFunctions,
  readCloudAssembly,
  resourcesOfType,
  type LambdaFunction,
} from '../rehearsal/cloud-assembly';
import { startEmulatedDeployment } from '../rehearsal/emulated-deployment';
import {
  nodeMajorOf,
  processEnvironment,
  resolveFunction,
  type RuntimeSettings,
} from '../rehearsal/function-environment';
import { LambdaProcess } from '../rehearsal/lambda-process';
import { runtimeNodeModules, startXraySink } from '../rehearsal/rehearsal';
import { synthesizedAssembly } from './bundle-sizes';
import {
  COLD_START_BUDGET_RATIO,
  budgetMark,
  coldStartCause,
  coldStartSchedule,
  generatedCharactersBySource,
  judgeColdStart,
  largestModules,
  median,
  ratioToReference,
  type SourceMapPayload,
} from './cold-start-figures';

/** Cold starts per function: 145 functions x 5 runs took 100 s on two quiet cores, 8 min at load 10. */
const RUNS = 5;
/** Processes started at once (the machine has two cores). */
const PARALLELISM = 2;
/** The empty handler is started again after this many functions. */
const REFERENCE_EVERY = 4;
/** A run is compared with the median of this many empty handler runs nearest to it. */
const NEARBY_REFERENCE_RUNS = 4;

interface Target {
  readonly label: string;
  readonly kind: 'route' | 'job' | 'reference';
  readonly fn: LambdaFunction | undefined;
  readonly assetDirectory: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly functionArn: string;
  readonly timeoutSeconds: number;
  readonly event: unknown;
}

interface ColdStart {
  /** Its place in the order of the run. */
  readonly order: number;
  /** Process start to the handler loaded (the runtime's `ready`). */
  readonly loadMs: number;
  /** Process start to the first invocation answered. */
  readonly initMs: number;
  /** The answer: an HTTP status, `ok`, or the error's name. */
  readonly answer: string;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const milliseconds = (ms: number) => `${ms.toFixed(0)} ms`;

/** A route's path with every parameter filled (`{tokenId}` -> `cold-start`). */
function routeParams(routeKey: string): Record<string, string> {
  const names = [...routeKey.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1] ?? '');
  return Object.fromEntries(names.map((name) => [name, 'cold-start']));
}

/**
 * Public routes that answer a bare request by calling a service (Google sign-in starts at the
 * provider's discovery document): a query they refuse before any call, as other public routes
 * refuse an empty body.
 */
const REFUSED_QUERIES: Readonly<Record<string, Record<string, string>>> = {
  'GET /auth/google': { redirect: '//elsewhere.example' },
};

function cheapEvent(fn: LambdaFunction, apiTarget: ApiTarget, region: string): unknown {
  const trigger = fn.triggers[0];
  switch (trigger?.kind) {
    case 'http': {
      const routeKey = trigger.routeKeys[0] ?? '';
      return apiGatewayEvent(
        routeKey,
        { params: routeParams(routeKey), query: REFUSED_QUERIES[routeKey] },
        apiTarget,
      );
    }
    case 'sqs':
      return { Records: [] };
    case 'schedule':
      return {
        version: '0',
        id: 'cold-start',
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: apiTarget.accountId,
        time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region,
        resources: [`arn:aws:events:${region}:${apiTarget.accountId}:rule/${trigger.rule}`],
        detail: {},
      };
    default:
      throw new Error(`${fn.path}: no cheap event for a ${trigger?.kind ?? 'missing'} trigger`);
  }
}

function answerOf(kind: Target['kind'], result: unknown): string {
  return kind === 'job' ? 'ok' : String(apiAnswerOf(result).status);
}

/** The empty handler, bundled with the functions' esbuild options (minified CJS, source map). */
async function bundleEmptyHandler(workDirectory: string): Promise<string> {
  // Imported here: infra's module loads the CDK, which the other benchmarks need not wait for.
  const { ESBUILD_OPTIONS } = await import('../../infra/constructs/function-bundles');
  const { buildSync } = await import('esbuild');
  const entry = join(workDirectory, 'empty-handler.ts');
  writeFileSync(entry, 'export const handler = async () => ({ statusCode: 204 });\n');
  const outdir = join(workDirectory, 'empty-handler');
  buildSync({ ...ESBUILD_OPTIONS, entryPoints: { index: entry }, outdir });
  return outdir;
}

async function coldStart(target: Target, taskRoot: string, order: number): Promise<ColdStart> {
  const lambda = await LambdaProcess.start({
    label: target.label,
    assetDirectory: target.assetDirectory,
    taskRoot,
    environment: target.environment,
    timeoutSeconds: target.timeoutSeconds,
    functionArn: target.functionArn,
  });
  const loaded = performance.now();
  try {
    const result = await lambda.invoke(target.event);
    const answered = performance.now();
    if (result.timedOut || result.error) {
      throw new Error(
        `${target.label}: the first invocation failed: ${result.error?.name}: ${result.error?.message}\n${lambda.logTail()}`,
      );
    }
    return {
      order,
      loadMs: loaded - lambda.startedAt,
      initMs: answered - lambda.startedAt,
      answer: answerOf(target.kind, result.result),
    };
  } finally {
    await lambda.stop();
  }
}

async function runAll(
  schedule: readonly Target[],
  tasksDirectory: string,
): Promise<Map<Target, ColdStart[]>> {
  const results = new Map<Target, ColdStart[]>();
  let next = 0;
  const worker = async (slot: number) => {
    while (next < schedule.length) {
      const order = next;
      const target = schedule[order];
      next += 1;
      if (!target) continue;
      const measured = await coldStart(target, join(tasksDirectory, String(slot)), order);
      results.set(target, [...(results.get(target) ?? []), measured]);
    }
  };
  await Promise.all(Array.from({ length: PARALLELISM }, (_, slot) => worker(slot)));
  return results;
}

/** Why a bundle takes long to start: its largest modules, from its source map. */
function largestModulesOf(assetDirectory: string): string {
  const code = readFileSync(join(assetDirectory, 'index.js'), 'utf8');
  const map = JSON.parse(
    readFileSync(join(assetDirectory, 'index.js.map'), 'utf8'),
  ) as SourceMapPayload;
  return largestModules(generatedCharactersBySource(code, map), 6)
    .map(
      ({ module, characters, share }) =>
        `${module} ${kilobytes(characters)} (${(share * 100).toFixed(0)}%)`,
    )
    .join(', ');
}

const fileSize = (directory: string, file: string) =>
  existsSync(join(directory, file)) ? readFileSync(join(directory, file)).length : 0;

/**
 * `COLD_START_FUNCTIONS` (comma-separated parts of construct paths, such as `GetHealth,SamlAcs`)
 * measures only the functions whose path holds one of them, to try a change on a few.
 */
function isSelected(path: string): boolean {
  const parts = (process.env.COLD_START_FUNCTIONS ?? '').split(',').filter(Boolean);
  return parts.length === 0 || parts.some((part) => path.includes(part));
}

export async function measureColdStarts(): Promise<void> {
  const started = performance.now();
  applyLocalCredentials();
  const assembly = readCloudAssembly(process.env.CDK_ASSEMBLY ?? synthesizedAssembly());
  const functions = lambdaFunctions(assembly)
    .filter(
      (fn) =>
        nodeMajorOf(fn.runtime) !== undefined &&
        fn.assetDirectory !== undefined &&
        existsSync(join(fn.assetDirectory, 'index.js')) &&
        isSelected(fn.path),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
  const workDirectory = mkdtempSync(join(tmpdir(), 'expiry-radar-cold-starts-'));
  const deployment = await startEmulatedDeployment(assembly);
  const xray = await startXraySink();
  try {
    const { resolver } = deployment;
    const settings: RuntimeSettings = {
      runtimeNodePath: runtimeNodeModules(workDirectory),
      xrayDaemonAddress: xray.address,
      endpointEnvironment: deployment.endpointEnvironment,
      noSharedConfigFile: join(workDirectory, 'no-aws-config'),
    };
    const api = resourcesOfType(assembly, 'AWS::ApiGatewayV2::Api')[0];
    const targets = functions.map((fn): Target => {
      const resolved = resolveFunction(fn, resolver);
      const originSecretArn = resolved.templateEnvironment.ORIGIN_VERIFY_SECRET_ARN;
      const apiTarget: ApiTarget = {
        apiId: api ? resolver.physicalResource(api.stack, api.logicalId).ref : 'cold-start',
        region: resolver.target.region,
        accountId: resolver.target.accountId,
        originSecret: originSecretArn ? deployment.secrets.secretValue(originSecretArn) : undefined,
      };
      return {
        label: fn.path.replace(/\/Function$/, ''),
        kind: fn.triggers.some((trigger) => trigger.kind === 'http') ? 'route' : 'job',
        fn,
        assetDirectory: fn.assetDirectory ?? '',
        environment: processEnvironment(fn, resolved, resolver, settings),
        functionArn: resolved.arn,
        timeoutSeconds: fn.timeoutSeconds,
        event: cheapEvent(fn, apiTarget, resolver.target.region),
      };
    });
    // The secrets an operator puts in Parameter Store before a deploy (Google's, Slack's, Stripe's).
    deployment.putOperatorParameters(
      functions.map((fn) => resolveFunction(fn, resolver).templateEnvironment),
    );
    const firstRoute = targets.find((target) => target.kind === 'route');
    if (!firstRoute) throw new Error('The assembly has no route function');
    // Run as a route function is: its environment (source maps on), its event.
    const reference: Target = {
      ...firstRoute,
      label: 'empty handler',
      kind: 'reference',
      fn: undefined,
      assetDirectory: await bundleEmptyHandler(workDirectory),
    };
    mkdirSync(join(workDirectory, 'tasks'));
    const schedule = coldStartSchedule(targets, RUNS, reference, REFERENCE_EVERY);
    console.log(
      `Cold starts: ${targets.length} functions x ${RUNS} runs and the empty handler ${schedule.length - targets.length * RUNS} times, ${PARALLELISM} at a time; process start to first answer, median (load: to the handler loaded); the ratio is the median of each run over the ${NEARBY_REFERENCE_RUNS} empty handler runs nearest to it.`,
    );
    const results = await runAll(schedule, join(workDirectory, 'tasks'));

    const referenceRuns = results.get(reference) ?? [];
    const referenceMs = median(referenceRuns.map((run) => run.initMs));
    const referenceTimes = referenceRuns.map((run) => ({ order: run.order, ms: run.initMs }));
    console.log(
      `  empty handler: ${milliseconds(referenceMs)} over the whole run (load ${milliseconds(median(referenceRuns.map((run) => run.loadMs)))}), ${kilobytes(fileSize(reference.assetDirectory, 'index.js'))}`,
    );
    const width = Math.max(...targets.map((target) => target.label.length));
    const routeRatios: number[] = [];
    for (const target of targets) {
      const runs = results.get(target) ?? [];
      const initMs = median(runs.map((run) => run.initMs));
      const judgement = judgeColdStart(
        ratioToReference(
          runs.map((run) => ({ order: run.order, ms: run.initMs })),
          referenceTimes,
          NEARBY_REFERENCE_RUNS,
        ),
      );
      const answers = [...new Set(runs.map((run) => run.answer))].join('/');
      const size = `${kilobytes(fileSize(target.assetDirectory, 'index.js'))} (map ${kilobytes(fileSize(target.assetDirectory, 'index.js.map'))})`;
      const mark = target.kind === 'route' ? budgetMark(judgement) : '[job: for information]';
      if (target.kind === 'route') routeRatios.push(judgement.ratio);
      console.log(
        `  ${target.label.padEnd(width)} ${size.padStart(22)}  ${milliseconds(initMs).padStart(7)} (load ${milliseconds(median(runs.map((run) => run.loadMs)))})  ${judgement.ratio.toFixed(2)}x  answer ${answers}  ${mark}`,
      );
      if (target.kind === 'route' && !judgement.within) {
        const cause = coldStartCause(target.label);
        console.log(
          cause
            ? `      why: ${cause}`
            : `      largest modules in the bundle (some load on first use only): ${largestModulesOf(target.assetDirectory)}`,
        );
      }
    }
    const over = routeRatios.filter((ratio) => ratio > COLD_START_BUDGET_RATIO).length;
    console.log(
      `Route functions: median ${median(routeRatios).toFixed(2)}x, slowest ${Math.max(...routeRatios).toFixed(2)}x the empty handler; ${routeRatios.length - over} of ${routeRatios.length} within ${COLD_START_BUDGET_RATIO}x. ${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
    );
  } finally {
    xray.socket.close();
    await deployment.stop();
    rmSync(workDirectory, { recursive: true, force: true });
  }
}
