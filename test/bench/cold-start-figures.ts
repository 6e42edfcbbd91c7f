/**
 * The cold-start benchmark's arithmetic (cold-starts.ts): the order of the runs, medians, the
 * ratio to the empty handler and its budget, and, for a bundle over budget, its largest modules
 * read from the bundle's source map.
 */

/** Budget (docs/architecture.md): a route function's cold start at most this many empty handlers'. */
export const COLD_START_BUDGET_RATIO = 6;

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('No value to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The order of the cold starts: `runs` rounds over the functions, each round starting one place
 * further on (no function always follows the same one), with the reference measured at the start
 * of each round and then after every `referenceEvery` functions, so its runs share the load the
 * functions' runs meet.
 */
export function coldStartSchedule<T>(
  functions: readonly T[],
  runs: number,
  reference: T,
  referenceEvery: number,
): T[] {
  const schedule: T[] = [];
  for (let round = 0; round < runs; round += 1) {
    const offset = functions.length === 0 ? 0 : (round * 7) % functions.length;
    const order = [...functions.slice(offset), ...functions.slice(0, offset)];
    order.forEach((fn, index) => {
      if (index % referenceEvery === 0) schedule.push(reference);
      schedule.push(fn);
    });
  }
  return schedule;
}

/** One cold start, with its place in the order of the run. */
export interface TimedRun {
  readonly order: number;
  readonly ms: number;
}

/**
 * The reference's time at one moment of the run: the median of its `count` runs nearest in the
 * order. The machine's load changes over minutes (other work starts and ends); a function's run is
 * compared with the empty handler's runs around it, not with those of a quieter or busier minute.
 */
export function nearbyReferenceMs(
  reference: readonly TimedRun[],
  order: number,
  count: number,
): number {
  const nearest = [...reference]
    .sort((a, b) => Math.abs(a.order - order) - Math.abs(b.order - order))
    .slice(0, count);
  return median(nearest.map((run) => run.ms));
}

/** A function's ratio to the reference: the median of each of its runs over the reference then. */
export function ratioToReference(
  runs: readonly TimedRun[],
  reference: readonly TimedRun[],
  count: number,
): number {
  return median(runs.map((run) => run.ms / nearbyReferenceMs(reference, run.order, count)));
}

/**
 * Why a route function over budget takes long, where its bundle's largest modules do not say it
 * (they include what loads on first use only), by the route's construct id. Checked against the
 * handlers (docs/architecture.md, cold starts); a route not named here gets its largest modules.
 * What these name is what their first answer needs: a table read or write (the DynamoDB package,
 * and its client load for it, and the read waits on the table).
 */
const COLD_START_CAUSES: Readonly<Record<string, string>> = {
  GetHealth:
    'its first answer reads the table and both alert queues (the DynamoDB and SQS packages load for it)',
  GetRegistrationStatus:
    "its first answer counts the caller's requests in the table (rate limit): the DynamoDB package loads for it",
  ReceivePagerDutyWebhook:
    "its first answer counts the caller's refused events in the table (rate limits) before it checks the signature: the DynamoDB package loads for it",
};

/** Every SCIM route but the catch-all refuses a wrong bearer token after counting it in the table. */
const SCIM_STACK = 'ExpiryRadarApiScim/';
const SCIM_CAUSE =
  "its first answer (401, no bearer token) counts the client address's wrong tokens in the table (rate limit): the DynamoDB package loads for it";

/** The cause of a route's cold start over budget when it is known (above). */
export function coldStartCause(label: string): string | undefined {
  const id = label.split('/').at(-1) ?? '';
  if (COLD_START_CAUSES[id]) return COLD_START_CAUSES[id];
  return label.startsWith(SCIM_STACK) && id !== 'ScimUnknownPath' ? SCIM_CAUSE : undefined;
}

export interface ColdStartJudgement {
  readonly ratio: number;
  readonly within: boolean;
}

export function judgeColdStart(ratio: number): ColdStartJudgement {
  return { ratio, within: ratio <= COLD_START_BUDGET_RATIO };
}

/** `[budget 6x: within]` or `[budget 6x: OVER]`, as the benchmark runner reads it. */
export function budgetMark(judgement: ColdStartJudgement): string {
  return `[budget ${COLD_START_BUDGET_RATIO}x: ${judgement.within ? 'within' : 'OVER'}]`;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source map segment (base64 VLQ). */
export function decodeVlqSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`Not a base64 VLQ digit: ${char}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

export interface SourceMapPayload {
  readonly sources: readonly string[];
  readonly mappings: string;
}

/**
 * How many characters of the generated code each source of the map produced: a segment runs from
 * its column to the next segment's (or its line's end). Code before a line's first segment, or in
 * a segment that names no source, is the bundler's own and counted as `(bundler)`.
 */
export function generatedCharactersBySource(
  code: string,
  map: SourceMapPayload,
): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (source: string, characters: number) => {
    if (characters > 0) totals.set(source, (totals.get(source) ?? 0) + characters);
  };
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    let column = 0;
    let previous: { column: number; source: string } = { column: 0, source: '(bundler)' };
    for (const segment of lineMappings.split(',')) {
      if (segment === '') continue;
      const [columnDelta = 0, sourceDelta] = decodeVlqSegment(segment);
      column += columnDelta;
      add(previous.source, column - previous.column);
      let source = '(bundler)';
      if (sourceDelta !== undefined) {
        sourceIndex += sourceDelta;
        source = map.sources[sourceIndex] ?? '(bundler)';
      }
      previous = { column, source };
    }
    add(previous.source, lineLength - previous.column);
  });
  return totals;
}

/** A source's module: its npm package (`zod`, `@smithy/core`) or the repository's folder of it. */
export function moduleOf(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(source);
  if (inPackage?.[1]) return inPackage[1];
  const inRepository = /(?:^|\/)((?:functions|shared)\/src\/[^/]+)\//.exec(source);
  return inRepository?.[1] ?? source.replace(/^(\.\.\/)+/, '');
}

/** The modules that make up most of a bundle, largest first, with their share of its characters. */
export function largestModules(
  charactersBySource: ReadonlyMap<string, number>,
  count: number,
): Array<{ module: string; characters: number; share: number }> {
  const byModule = new Map<string, number>();
  let total = 0;
  for (const [source, characters] of charactersBySource) {
    const module = moduleOf(source);
    byModule.set(module, (byModule.get(module) ?? 0) + characters);
    total += characters;
  }
  return [...byModule]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([module, characters]) => ({ module, characters, share: characters / total }));
}
