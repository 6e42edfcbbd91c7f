import { orderSlowestFirst } from './slowest-first-sequencer.cjs';

const file = (path: string, project: string, extra: { cachedSeconds?: number } = {}) => ({
  file: path,
  project,
  failedLastTime: false,
  ...extra,
});

describe('the slowest-first test sequencer', () => {
  const recorded = {
    'test/e2e/accessibility-dark.e2e.test.ts': 250,
    'functions/src/http/route-inputs-tokens.property.test.ts': 80,
    'functions/src/domain/alert-schedule.test.ts': 1,
    'functions/src/http/auth/login.test.ts': 30,
    'web/src/app/app.test.tsx': 6,
  };

  it('starts the slowest recorded files first, whatever their size or project', () => {
    const order = orderSlowestFirst(
      [
        file('functions/src/domain/alert-schedule.test.ts', 'functions'),
        file('web/src/app/app.test.tsx', 'web'),
        file('functions/src/http/route-inputs-tokens.property.test.ts', 'functions'),
        file('test/e2e/accessibility-dark.e2e.test.ts', 'e2e'),
      ],
      recorded,
    );
    expect(order.map(({ file: path }) => path)).toEqual([
      'test/e2e/accessibility-dark.e2e.test.ts',
      'functions/src/http/route-inputs-tokens.property.test.ts',
      'web/src/app/app.test.tsx',
      'functions/src/domain/alert-schedule.test.ts',
    ]);
  });

  it("prefers this machine's own durations, and gives a new file its project's median", () => {
    const order = orderSlowestFirst(
      [
        file('functions/src/http/auth/login.test.ts', 'functions', { cachedSeconds: 2 }),
        file('functions/src/http/auth/new-route.test.ts', 'functions'),
        file('web/src/app/app.test.tsx', 'web'),
      ],
      recorded,
    );
    // The functions median of the recorded files is 30 s; login took 2 s here last time.
    expect(order.map(({ file: path }) => path)).toEqual([
      'functions/src/http/auth/new-route.test.ts',
      'web/src/app/app.test.tsx',
      'functions/src/http/auth/login.test.ts',
    ]);
  });

  it('takes the suites of the shared app and the others in turn, by the time each has started', () => {
    const order = orderSlowestFirst(
      [
        file('test/e2e/a.e2e.test.ts', 'e2e', { cachedSeconds: 100 }),
        file('test/e2e/b.e2e.test.ts', 'e2e', { cachedSeconds: 60 }),
        file('functions/src/c.test.ts', 'functions', { cachedSeconds: 50 }),
        file('functions/src/d.test.ts', 'functions', { cachedSeconds: 40 }),
        file('web/src/e.test.tsx', 'web', { cachedSeconds: 30 }),
      ],
      {},
    );
    // e2e 100 | others 50, 90, 120 | e2e 160.
    expect(order.map(({ file: path }) => path)).toEqual([
      'test/e2e/a.e2e.test.ts',
      'functions/src/c.test.ts',
      'functions/src/d.test.ts',
      'web/src/e.test.tsx',
      'test/e2e/b.e2e.test.ts',
    ]);
  });

  it('puts the files that failed last time before all others, as jest does', () => {
    const order = orderSlowestFirst(
      [
        file('test/e2e/accessibility-dark.e2e.test.ts', 'e2e'),
        {
          ...file('functions/src/domain/alert-schedule.test.ts', 'functions'),
          failedLastTime: true,
        },
      ],
      recorded,
    );
    expect(order[0]?.file).toBe('functions/src/domain/alert-schedule.test.ts');
  });
});
