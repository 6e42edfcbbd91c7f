import { formatPhaseTable, type FileTimes } from './phase-table';

const phases = [
  { name: 'npm ci', seconds: 95.4, outcome: 'passed' as const },
  { name: 'lint', seconds: 201, outcome: 'failed' as const },
  { name: 'typecheck', seconds: 0, outcome: 'skipped' as const },
  { name: 'jest', seconds: 640.2, outcome: 'passed' as const },
];

function fileTimes(count: number): FileTimes {
  return {
    suites: count,
    tests: count * 3,
    files: Array.from({ length: count }, (_, index) => ({
      file: `functions/src/file-${index}.test.ts`,
      project: index % 2 === 0 ? 'functions' : 'e2e',
      seconds: index + 0.5,
      tests: 3,
      failed: index === count - 1,
    })),
  };
}

describe('the test command’s table of phases', () => {
  it('lists every phase with its seconds and outcome, and the wall time in minutes', () => {
    const table = formatPhaseTable(phases, undefined, 1_043);
    expect(table).toContain('17 min 23 s in all');
    expect(table).toMatch(/npm ci\s+95 {2}passed/);
    expect(table).toMatch(/lint\s+201 {2}failed/);
    expect(table).toMatch(/typecheck\s+0 {2}skipped/);
    expect(table).toContain('No jest file times');
  });

  it('sums each jest project’s files and lists the 15 slowest files, slowest first', () => {
    const table = formatPhaseTable(phases, fileTimes(20), 900);
    expect(table).toContain('jest: 20 suites, 60 tests.');
    // functions: files 0, 2, ..., 18 took 0.5 + 2.5 + ... + 18.5 = 95 s; e2e 1.5 + ... + 19.5 = 105.
    expect(table).toMatch(/jest functions\s+95 {2}10 files/);
    expect(table).toMatch(/jest e2e\s+105 {2}10 files/);
    const slowest = table.split('The 15 slowest test files:\n')[1]?.split('\n') ?? [];
    expect(slowest).toHaveLength(15);
    expect(slowest[0]).toMatch(
      /^\s+1\.\s+20 s {2}functions\/src\/file-19\.test\.ts \(e2e, FAILED\)$/,
    );
    expect(slowest[14]).toContain('file-5.test.ts');
  });
});
