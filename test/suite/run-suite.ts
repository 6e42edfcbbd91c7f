/**
 * `npm test`: every check of the repository in two lanes side by side (one per core), then jest
 * on both cores, and a table of where the time went. See docs/architecture.md ("The test
 * command").
 *
 *   lane 1: lint (ESLint, Prettier) -> typecheck (every workspace)
 *   lane 2: build (OpenAPI, web) -> synth (cdk synth, once) -> cfn-lint -> rehearsal
 *   then:   jest (every project; the infra tests read the one synth's templates)
 *
 * A phase whose prerequisite failed is skipped; the run goes on with the others and exits with 1
 * when any phase failed. `SUITE_NPM_CI_SECONDS` (set by .ci/run) adds the install to the table.
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
  /** Printed as it comes (the last phase, alone) instead of once the phase ends. */
  readonly stream?: boolean;
}

const PHASES = {
  lint: { name: 'lint', command: 'npm run lint' },
  typecheck: { name: 'typecheck', command: 'npm run typecheck' },
  build: { name: 'build (OpenAPI, web)', command: 'npm run build' },
  synth: { name: 'synth', command: 'npm run synth' },
  cfnLint: { name: 'cfn-lint', command: 'npm run cfn-lint' },
  rehearsal: { name: 'rehearsal', command: 'npm run rehearse:assembly' },
  jest: { name: 'jest', command: 'npm run test:unit', stream: true },
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
      const outcome = code === 0 ? 'passed' : 'FAILED';
      if (!phase.stream) process.stdout.write(`\n==> ${phase.name}\n${output}`);
      console.log(`\n==> ${phase.name}: ${outcome} in ${seconds.toFixed(0)} s`);
      done({ name: phase.name, seconds, outcome: code === 0 ? 'passed' : 'failed' });
    });
  });
}

/** Runs the phases one after the other; after a failure the rest of the lane is skipped. */
async function lane(phases: readonly Phase[]): Promise<PhaseResult[]> {
  const results: PhaseResult[] = [];
  for (const phase of phases) {
    const failedBefore = results.some((result) => result.outcome !== 'passed');
    results.push(
      failedBefore ? { name: phase.name, seconds: 0, outcome: 'skipped' } : await runPhase(phase),
    );
  }
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
  // Jest needs the web build (e2e) and the synthesized templates (infra), not the rehearsal.
  const jestCanRun = assembly.slice(0, 2).every((result) => result.outcome === 'passed');
  const jest = jestCanRun
    ? await runPhase(PHASES.jest)
    : { name: PHASES.jest.name, seconds: 0, outcome: 'skipped' as const };

  const install = Number(process.env.SUITE_NPM_CI_SECONDS);
  const results: PhaseResult[] = [
    ...(Number.isFinite(install) && install > 0
      ? [{ name: 'npm ci', seconds: install, outcome: 'passed' as const }]
      : []),
    ...checks,
    ...assembly,
    jest,
  ];
  const wallSeconds = (Date.now() - started) / 1000 + (install > 0 ? install : 0);
  console.log(`\n${formatPhaseTable(results, readFileTimes(), wallSeconds)}`);
  process.exitCode = results.every((result) => result.outcome === 'passed') ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
