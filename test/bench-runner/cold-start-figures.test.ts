import {
  budgetMark,
  coldStartCause,
  coldStartSchedule,
  decodeVlqSegment,
  generatedCharactersBySource,
  judgeColdStart,
  largestModules,
  median,
  moduleOf,
  nearbyReferenceMs,
  ratioToReference,
} from '../bench/cold-start-figures';

describe('the cold-start benchmark', () => {
  it('takes the median of an odd or even number of runs', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(() => median([])).toThrow('No value');
  });

  it('spreads the reference over every round and starts each round one place further on', () => {
    const schedule = coldStartSchedule(['a', 'b', 'c'], 2, 'R', 2);
    expect(schedule).toEqual(['R', 'a', 'b', 'R', 'c', 'R', 'b', 'c', 'R', 'a']);
    expect(schedule.filter((entry) => entry === 'a')).toHaveLength(2);
  });

  it('judges a function by its ratio to the empty handler, as the runner reads the mark', () => {
    const within = judgeColdStart(6);
    expect(within).toEqual({ ratio: 6, within: true });
    expect(budgetMark(within)).toBe('[budget 6x: within]');
    const over = judgeColdStart(6.01);
    expect(over.within).toBe(false);
    expect(budgetMark(over)).toBe('[budget 6x: OVER]');
  });

  it('compares each run with the empty handler runs nearest to it in the order', () => {
    // A quiet start (the reference at 30 ms), then a busy minute (60 ms).
    const reference = [
      { order: 0, ms: 30 },
      { order: 4, ms: 30 },
      { order: 8, ms: 60 },
      { order: 12, ms: 60 },
    ];
    expect(nearbyReferenceMs(reference, 1, 2)).toBe(30);
    expect(nearbyReferenceMs(reference, 11, 2)).toBe(60);
    expect(nearbyReferenceMs(reference, 6, 2)).toBe(45);
    const runs = [
      { order: 1, ms: 150 },
      { order: 11, ms: 300 },
      { order: 13, ms: 420 },
    ];
    expect(ratioToReference(runs, reference, 2)).toBe(5);
  });

  it('decodes source map segments (base64 VLQ, signed)', () => {
    expect(decodeVlqSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeVlqSegment('CAAD')).toEqual([1, 0, 0, -1]);
    // 16 needs a continuation digit: 32 = 0b100000 -> 'gB'.
    expect(decodeVlqSegment('gB')).toEqual([16]);
    expect(() => decodeVlqSegment('A!')).toThrow('Not a base64 VLQ digit');
  });

  it("counts each source's share of the generated code from the mappings", () => {
    // Line 1: columns 0-3 from source 0, 4-9 from source 1; line 2: the bundler's code (before
    // the first segment and in a segment naming no source), then source 0 again.
    const code = '0123456789\nxxyyyzz';
    const map = { sources: ['a.ts', 'b.ts'], mappings: 'AAAA,ICAA;EDAA,G' };
    expect(Object.fromEntries(generatedCharactersBySource(code, map))).toEqual({
      'a.ts': 4 + 3,
      'b.ts': 6,
      '(bundler)': 2 + 2,
    });
  });

  it('groups sources by package or by folder of the repository', () => {
    expect(moduleOf('../../node_modules/zod/v4/core/core.js')).toBe('zod');
    expect(moduleOf('../../node_modules/@smithy/core/dist-es/index.js')).toBe('@smithy/core');
    expect(moduleOf('../../functions/node_modules/@aws-lambda-powertools/logger/lib/x.js')).toBe(
      '@aws-lambda-powertools/logger',
    );
    expect(moduleOf('../../node_modules/a/node_modules/b/index.js')).toBe('b');
    expect(moduleOf('../../shared/src/api/route-table.ts')).toBe('shared/src/api');
  });

  it('lists the largest modules first, with their share', () => {
    const sources = new Map([
      ['../../node_modules/zod/a.js', 300],
      ['../../node_modules/zod/b.js', 300],
      ['../../shared/src/api/x.ts', 300],
      ['../../node_modules/tldts/index.ts', 100],
    ]);
    expect(largestModules(sources, 2)).toEqual([
      { module: 'zod', characters: 600, share: 0.6 },
      { module: 'shared/src/api', characters: 300, share: 0.3 },
    ]);
  });

  it("names a route's known cause by its construct id, none for the others", () => {
    expect(coldStartCause('ExpiryRadarApiHealth/Routes/GetHealth')).toContain('alert queues');
    expect(coldStartCause('ExpiryRadarApiScim/Routes/ScimGetUser')).toContain('wrong tokens');
    expect(coldStartCause('ExpiryRadarApiScim/Routes/ScimUnknownPath')).toBeUndefined();
    expect(coldStartCause('ExpiryRadarApiAuth/Routes/Login')).toBeUndefined();
  });
});
