/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: jest loads sequencers with require */
// Starts the slowest test files first, so that neither worker is left alone with a long file at
// the end of the run, and keeps the suites of the shared app mostly one at a time. Jest does this by itself with the durations of its previous run, but a
// fresh clone has none, and then it orders files by size: the property tests and the
// accessibility suites, a few lines each and among the slowest, ran last. Without a duration of
// its own a file takes the one recorded in test/suite/file-durations.json (written by
// `npm run test:record-durations` from the last `npm test`), or else its project's median.
const { readFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const TestSequencer = require('@jest/test-sequencer').default;

const RECORDED = join(__dirname, 'file-durations.json');

function readRecordedSeconds() {
  try {
    return JSON.parse(readFileSync(RECORDED, 'utf8')).seconds;
  } catch {
    return {};
  }
}

function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The project whose suites share one local app and one Chromium (test/support/shared-app.ts). */
const SHARED_APP_PROJECT = 'e2e';

/**
 * The files in the order to run them: those that failed last time first (as jest does), then
 * the longest first, taken in turn from the suites of the shared app and from the others so that
 * each kind has had about as much time started as the other. Two workers then mostly run one
 * suite of the shared app beside one of another kind: two at once competed for the one app and
 * the one Chromium, and their waits ran out on a busy machine.
 * A file's expected seconds are its own from jest's cache, else the recorded ones, else the
 * median of its project's recorded files.
 */
function orderSlowestFirst(files, recordedSeconds) {
  const recordedByProject = new Map();
  for (const { file, project } of files) {
    const seconds = recordedSeconds[file];
    if (seconds === undefined) continue;
    recordedByProject.set(project, [...(recordedByProject.get(project) ?? []), seconds]);
  }
  const expected = ({ file, project, cachedSeconds }) =>
    cachedSeconds ?? recordedSeconds[file] ?? median(recordedByProject.get(project) ?? []);
  const longestFirst = (group) => group.sort((a, b) => expected(b) - expected(a));

  const failed = longestFirst(files.filter((file) => file.failedLastTime));
  const rest = files.filter((file) => !file.failedLastTime);
  const queues = [
    { files: longestFirst(rest.filter((file) => file.project === SHARED_APP_PROJECT)), started: 0 },
    { files: longestFirst(rest.filter((file) => file.project !== SHARED_APP_PROJECT)), started: 0 },
  ];
  const ordered = [...failed];
  for (;;) {
    const waiting = queues.filter((queue) => queue.files.length > 0);
    if (waiting.length === 0) return ordered;
    const behind = waiting.reduce((least, queue) =>
      queue.started < least.started ? queue : least,
    );
    const next = behind.files.shift();
    behind.started += expected(next);
    ordered.push(next);
  }
}

class SlowestFirstSequencer extends TestSequencer {
  sort(tests) {
    const files = tests.map((test) => {
      const cachedMilliseconds = this.time(test);
      return {
        test,
        file: relative(test.context.config.rootDir, test.path),
        project: test.context.config.displayName?.name ?? '',
        cachedSeconds: cachedMilliseconds === undefined ? undefined : cachedMilliseconds / 1000,
        failedLastTime: this.hasFailed(test),
      };
    });
    return orderSlowestFirst(files, readRecordedSeconds()).map(({ test }) => test);
  }
}

module.exports = SlowestFirstSequencer;
module.exports.orderSlowestFirst = orderSlowestFirst;
