/** The test command's closing table: each phase's seconds, each jest project's, the slowest files. */

export interface PhaseResult {
  readonly name: string;
  readonly seconds: number;
  readonly outcome: 'passed' | 'failed' | 'skipped';
}

/** What test/suite/file-times-reporter.js writes at the end of a jest run. */
export interface FileTimes {
  readonly suites: number;
  readonly tests: number;
  readonly files: ReadonlyArray<{
    readonly file: string;
    readonly project: string;
    readonly seconds: number;
    readonly tests: number;
    readonly failed: boolean;
  }>;
}

const SLOWEST_FILES = 15;

const seconds = (value: number) => value.toFixed(0).padStart(7);

function minutesAndSeconds(total: number): string {
  const rounded = Math.round(total);
  return `${Math.floor(rounded / 60)} min ${String(rounded % 60).padStart(2, '0')} s`;
}

export function formatPhaseTable(
  phases: readonly PhaseResult[],
  fileTimes: FileTimes | undefined,
  wallSeconds: number,
): string {
  const width = Math.max(24, ...phases.map((phase) => phase.name.length + 2));
  const lines = [
    `Where the time went: ${minutesAndSeconds(wallSeconds)} in all (lint ran beside build, synth, cfn-lint, the rehearsal and typecheck; jest on both cores after them).`,
    '',
    `${'phase'.padEnd(width)}${'seconds'.padStart(7)}  outcome`,
    ...phases.map(
      (phase) => `${phase.name.padEnd(width)}${seconds(phase.seconds)}  ${phase.outcome}`,
    ),
  ];
  if (!fileTimes)
    return [...lines, '', 'No jest file times (jest did not run to its end).'].join('\n');

  const projects = new Map<string, { seconds: number; files: number }>();
  for (const file of fileTimes.files) {
    const project = projects.get(file.project) ?? { seconds: 0, files: 0 };
    projects.set(file.project, {
      seconds: project.seconds + file.seconds,
      files: project.files + 1,
    });
  }
  lines.push(
    '',
    `jest: ${fileTimes.suites} suites, ${fileTimes.tests} tests. Each project's files' own time (the workers run files side by side, so these add up to more than the jest phase):`,
    ...[...projects].map(
      ([name, project]) =>
        `${`  jest ${name}`.padEnd(width)}${seconds(project.seconds)}  ${project.files} files`,
    ),
    '',
    `The ${SLOWEST_FILES} slowest test files:`,
    ...[...fileTimes.files]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_FILES)
      .map(
        (file, index) =>
          `${String(index + 1).padStart(4)}. ${seconds(file.seconds)} s  ${file.file} (${file.project}${file.failed ? ', FAILED' : ''})`,
      ),
  );
  return lines.join('\n');
}
