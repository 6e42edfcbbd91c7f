import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('keeps single values as strings', () => {
    expect(parseQueryString('limit=10&q=acme')).toEqual({ limit: '10', q: 'acme' });
  });

  it('turns name[] into a list, even with one value', () => {
    expect(parseQueryString('category[]=cert')).toEqual({ category: ['cert'] });
    expect(parseQueryString('category[]=cert&category[]=license')).toEqual({
      category: ['cert', 'license'],
    });
  });

  it('turns a repeated name into a list and keeps commas inside values', () => {
    expect(parseQueryString('section=a%2Cb&section=c')).toEqual({ section: ['a,b', 'c'] });
  });

  it('decodes plus signs and percent escapes', () => {
    expect(parseQueryString('q=hello+world%21')).toEqual({ q: 'hello world!' });
  });

  it('answers an empty object for an empty string', () => {
    expect(parseQueryString('')).toEqual({});
  });
});
