/**
 * `npm test`: every check of the repository in two lanes side by side (one per core), then jest
 * on both cores, and a table of where the time went. See docs/architecture.md ("The test
 * command").
 *
 *   lane 1: lint (oxlint's type-aware rules, ESLint, Prettier) -> typecheck
 *   lane 2: build (OpenAPI, web) -> synth (cdk synth, once) -> cfn-lint -> rehearsal
 *   then:   jest (every project)
 *
 * The two lanes take about as long as each other. A phase whose prerequisite did not pass is
 * skipped; the run goes on with the others and exits with 1 when any phase failed.
 * `SUITE_NPM_CI_SECONDS` (set by .ci/run) adds the install to the table.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatPhaseTable, type FileTimes, type PhaseResult } from './phase-table';

const projectRoot = resolve(__dirname, '../..');
const FILE_TIMES = join(projectRoot, 'node_modules/.cache/expiry-radar/jest-file-times.json');

interface Phase {
  readonly name: string;
  readonly command: string;
  /** Phases whose output this one reads: it is skipped when one of them did not pass. */
  readonly needs?: readonly string[];
  /** Printed as it comes (the last phase, alone) instead of once the phase ends. */
  readonly stream?: boolean;
}

const BUILD = 'build (OpenAPI, web)';

const PHASES = {
  lint: { name: 'lint', command: 'npm run lint' },
  build: { name: BUILD, command: 'npm run build' },
  // The web stack deploys the web build.
  synth: { name: 'synth', command: 'npm run synth', needs: [BUILD] },
  cfnLint: { name: 'cfn-lint', command: 'npm run cfn-lint', needs: ['synth'] },
  rehearsal: { name: 'rehearsal', command: 'npm run rehearse:assembly', needs: ['synth'] },
  typecheck: { name: 'typecheck', command: 'npm run typecheck' },
  // The e2e suites serve the web build.
  jest: { name: 'jest', command: 'npm run test:unit', needs: [BUILD], stream: true },
} satisfies Record<string, Phase>;

function runPhase(phase: Phase): Promise<PhaseResult> {
  const started = Date.now();
  let output = '';
  return new Promise((done) => {
    const child = spawn(phase.command, {
      cwd: projectRoot,
      shell: true,
      stdio: ['ignore', phase.stream ? 'inherit' : 'pipe', phase.stream ? 'inherit' : 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!phase.stream) process.stdout.write(`\n==> ${phase.name}\n${output}`);
      console.log(
        `\n==> ${phase.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`,
      );
      done({ name: phase.name, seconds, outcome: code === 0 ? 'passed' : 'failed' });
    });
  });
}

const finished = new Map<string, PhaseResult>();

/** Runs the phase unless a phase it needs did not pass. */
async function runUnlessBlocked(phase: Phase): Promise<PhaseResult> {
  const blocked = (phase.needs ?? []).some((name) => finished.get(name)?.outcome !== 'passed');
  const result: PhaseResult = blocked
    ? { name: phase.name, seconds: 0, outcome: 'skipped' }
    : await runPhase(phase);
  finished.set(phase.name, result);
  return result;
}

/** Runs the phases one after the other. */
async function lane(phases: readonly Phase[]): Promise<PhaseResult[]> {
  const results: PhaseResult[] = [];
  for (const phase of phases) results.push(await runUnlessBlocked(phase));
  return results;
}

function readFileTimes(): FileTimes | undefined {
  if (!existsSync(FILE_TIMES)) return undefined;
  return JSON.parse(readFileSync(FILE_TIMES, 'utf8')) as FileTimes;
}

async function main(): Promise<void> {
  const started = Date.now();
  rmSync(FILE_TIMES, { force: true });
  const [checks, assembly] = await Promise.all([
    lane([PHASES.lint, PHASES.typecheck]),
    lane([PHASES.build, PHASES.synth, PHASES.cfnLint, PHASES.rehearsal]),
  ]);
  const jest = await runUnlessBlocked(PHASES.jest);

  const install = Number(process.env.SUITE_NPM_CI_SECONDS);
  const installed = Number.isFinite(install) && install > 0;
  const results: PhaseResult[] = [
    ...(installed ? [{ name: 'npm ci', seconds: install, outcome: 'passed' as const }] : []),
    ...checks,
    ...assembly,
    jest,
  ];
  const wallSeconds = (Date.now() - started) / 1000 + (installed ? install : 0);
  console.log(`\n${formatPhaseTable(results, readFileTimes(), wallSeconds)}`);
  process.exitCode = results.every((result) => result.outcome === 'passed') ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
