/**
 * `npm run test:record-durations`: keeps the per-file durations of the last `npm test` (or
 * `npm run test:unit`) in test/suite/file-durations.json, from which the jest sequencer
 * (slowest-first-sequencer.cjs) starts the slowest files first on a machine without a jest cache
 * of its own. Only the order of the files depends on it; rerun it when files were added or became
 * much slower or faster.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FileTimes } from './phase-table';

const projectRoot = resolve(__dirname, '../..');
const LAST_RUN = join(projectRoot, 'node_modules/.cache/expiry-radar/jest-file-times.json');
const RECORDED = join(projectRoot, 'test/suite/file-durations.json');

const lastRun = JSON.parse(readFileSync(LAST_RUN, 'utf8')) as FileTimes;
const seconds = Object.fromEntries(
  lastRun.files
    .map(({ file, seconds: duration }) => [file, Math.round(duration * 10) / 10] as const)
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(
  RECORDED,
  `${JSON.stringify({ source: 'npm run test:record-durations', seconds }, null, 2)}\n`,
);
console.log(`Recorded the durations of ${Object.keys(seconds).length} test files in ${RECORDED}.`);
