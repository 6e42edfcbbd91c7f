import { benchmarks, overBudget, selectBenchmarks } from '../bench/run-benchmarks';

describe('the benchmark runner', () => {
  it('runs the benchmarks named, or every one', () => {
    expect(selectBenchmarks(['dashboard', 'landing']).map((benchmark) => benchmark.name)).toEqual([
      'landing',
      'dashboard',
    ]);
    expect(selectBenchmarks([])).toBe(benchmarks);
    expect(() => selectBenchmarks(['dashbord'])).toThrow('Unknown benchmark: dashbord.');
  });

  it('tells the lines of a figure over its budget, as each benchmark prints them', () => {
    expect(
      overBudget('  first full render: 1320 ms  4.20x the static page [budget 4x: OVER]'),
    ).toBe(true);
    expect(
      overBudget('Web: the landing route loads 6 scripts, 201.5 KB gzip (OVER the 200 KB budget)'),
    ).toBe(true);
    expect(overBudget('  time: 12.0 s (scan, queue, worker with 1 s backoff): OVER BUDGET')).toBe(
      true,
    );
    expect(
      overBudget('  first full render: 280 ms  1.33x the static page [budget 4x: within]'),
    ).toBe(false);
    expect(overBudget('Overview: 2 workspaces, OVERALL fine')).toBe(false);
  });
});
