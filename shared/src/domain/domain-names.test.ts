import {
  displayDomainList,
  invalidDomainEntries,
  isValidDomainName,
  joinDomainList,
  searchedDomainForms,
  splitDomainList,
} from './domain-names';

describe('domain names', () => {
  it.each([
    'example.com',
    'a.b.example.co.uk',
    '*.example.com',
    'xn--bcher-kva.example',
    '10.0.0.1',
    'my-host.io',
  ])('accepts %s', (name) => {
    expect(isValidDomainName(name)).toBe(true);
  });

  it.each([
    '',
    'localhost',
    'example',
    '*.com.',
    '-a.com',
    'a-.com',
    'a..com',
    '*.*.a.com',
    'a.123',
    'exa mple.com',
    `${'a'.repeat(64)}.com`,
    'a.com/path',
    'http://a.com',
  ])('refuses %p', (name) => {
    expect(isValidDomainName(name)).toBe(false);
  });

  it('splits, trims, lower-cases and de-duplicates', () => {
    expect(splitDomainList(' A.com,b.com ,, a.com ')).toEqual(['a.com', 'b.com']);
    expect(splitDomainList(['x.io, y.io', ' '])).toEqual(['x.io', 'y.io']);
    expect(joinDomainList(['a.com', 'b.com'])).toBe('a.com, b.com');
  });

  it('names the invalid entries as given, trimmed, once each, in order', () => {
    expect(invalidDomainEntries(' Example.com, Intranet ,, a..b.com, intranet ,Intranet')).toEqual([
      'Intranet',
      'a..b.com',
      'intranet',
    ]);
    expect(invalidDomainEntries(['x.io', 'y, *.z.dev'])).toEqual(['y']);
    expect(invalidDomainEntries(['x.io', ' , '])).toEqual([]);
  });

  it('takes Unicode names as their A-labels, as watched domains and certificates have them', () => {
    expect(invalidDomainEntries('bücher.de,  Bücher.DE , *.Bücher.de, xn--bcher-kva.de')).toEqual(
      [],
    );
    expect(splitDomainList(' Bücher.DE , xn--bcher-kva.de, *.bücher.de, 例え.jp')).toEqual([
      'xn--bcher-kva.de',
      '*.xn--bcher-kva.de',
      'xn--r8jz45g.jp',
    ]);
    expect(invalidDomainEntries('bücher, bü cher.de')).toEqual(['bücher', 'bü cher.de']);
    expect(displayDomainList(['xn--bcher-kva.de', '*.xn--bcher-kva.de', 'a.com'])).toBe(
      'bücher.de, *.bücher.de, a.com',
    );
    expect(searchedDomainForms(['xn--bcher-kva.de', 'a.com'])).toEqual([
      'xn--bcher-kva.de',
      'bücher.de',
      'a.com',
    ]);
  });
});
