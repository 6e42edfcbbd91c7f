import { entityTagOf, ifMatchAllows, parseIfMatch } from './entity-tags';

describe('entity tags', () => {
  const at = '2026-11-30T04:00:00.000Z';

  it('quotes a revision, and never-saved settings have the empty tag', () => {
    expect(entityTagOf(at)).toBe(`"${at}"`);
    expect(entityTagOf(null)).toBe('""');
  });

  it('reads "*", one tag or a list (commas inside tags too), weak tags marked', () => {
    expect(parseIfMatch(' * ')).toEqual({ any: true });
    expect(parseIfMatch(`"${at}"`)).toEqual({ any: false, tags: [{ weak: false, opaque: at }] });
    expect(parseIfMatch('"a,b" , W/"c"')).toEqual({
      any: false,
      tags: [
        { weak: false, opaque: 'a,b' },
        { weak: true, opaque: 'c' },
      ],
    });
  });

  it('refuses what is not "*" or entity tags', () => {
    for (const value of ['', at, `"${at}`, '"a" "b"', '"a b"', '*, "a"', '"a",,']) {
      expect(parseIfMatch(value)).toBeUndefined();
    }
  });

  it('matches by strong comparison: the same revision, any for "*", never a weak tag', () => {
    expect(ifMatchAllows(parseIfMatch(`"old", "${at}"`)!, at)).toBe(true);
    expect(ifMatchAllows(parseIfMatch('"2026-11-29T00:00:00.000Z"')!, at)).toBe(false);
    expect(ifMatchAllows(parseIfMatch(`W/"${at}"`)!, at)).toBe(false);
    expect(ifMatchAllows(parseIfMatch('*')!, at)).toBe(true);
    expect(ifMatchAllows(parseIfMatch('""')!, null)).toBe(true);
  });
});
