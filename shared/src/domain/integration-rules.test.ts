import { compileRules, rulePatternProblem } from './integration-rules';

describe('rulePatternProblem', () => {
  it('accepts the patterns people write and refuses those that could take exponential time', () => {
    const accepted = [
      '^prod-',
      'project:42:',
      '(?:ci|cd)-token$',
      '^secret/(team-a|team-b)/',
      '\\d{4}-\\d{2}',
      '[a-z]+(-[a-z0-9]+)?$',
      '(ab)+',
      'x{2,5}y*z+',
    ];
    expect(accepted.map((pattern) => [pattern, rulePatternProblem(pattern)])).toEqual(
      accepted.map((pattern) => [pattern, null]),
    );
    const refused: Array<[string, string]> = [
      ['(a+)+$', 'repeats a group'],
      ['(a*)*', 'repeats a group'],
      ['(x|xy)+z', 'repeats a group'],
      ['((ab)*c){2,}', 'repeats a group'],
      ['(a?){5}', 'repeats a group'],
      ['(.*)\\1', 'backreference'],
      ['(?<n>a)\\k<n>', 'backreference'],
      ['a*b*c*d*', 'unbounded repetitions'],
      ['[', 'not a valid regular expression'],
    ];
    for (const [pattern, reason] of refused) {
      expect(rulePatternProblem(pattern)).toContain(reason);
    }
  });

  it('keeps an item an include pattern matches by name or path and no exclude pattern matches', () => {
    const verdict = compileRules({ include: ['^PROD', 'project:9:'], exclude: ['sandbox'] });
    expect(verdict({ name: 'prod api', external_id: 'pat:1' })).toEqual({
      kept: true,
      includedBy: ['^PROD'],
      excludedBy: [],
    });
    expect(verdict({ name: 'x', external_id: 'project:9:4' }).kept).toBe(true);
    expect(verdict({ name: 'prod sandbox', external_id: 'pat:2' })).toEqual({
      kept: false,
      includedBy: ['^PROD'],
      excludedBy: ['sandbox'],
    });
    expect(verdict({ name: 'staging', external_id: 'pat:3' }).kept).toBe(false);
    expect(compileRules({ include: [], exclude: [] })({ name: 'a', external_id: 'b' }).kept).toBe(
      true,
    );
  });
});
