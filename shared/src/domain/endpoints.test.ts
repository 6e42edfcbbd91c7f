import {
  ENDPOINT_MESSAGES,
  endpointKeyOf,
  endpointLabel,
  endpointsField,
  endpointsFromText,
  endpointsToText,
  parseEndpointAddress,
  readEndpointEntry,
} from './endpoints';

describe('endpoint addresses', () => {
  it('reads host, host:port and bracketed IPv6, port 443 unless given', () => {
    expect(parseEndpointAddress('Shop.Example.com')).toEqual({
      host: 'shop.example.com',
      port: 443,
    });
    expect(parseEndpointAddress('203.0.113.7:8443')).toEqual({ host: '203.0.113.7', port: 8443 });
    expect(parseEndpointAddress('[2001:db8::1]:444')).toEqual({ host: '2001:db8::1', port: 444 });
    expect(parseEndpointAddress('shop.example.com:0')).toBeNull();
    expect(parseEndpointAddress('https://shop.example.com/')).toBeNull();
  });

  it('reads the form text one per line with an optional SNI name, and writes it back', () => {
    const text = 'shop.example.com\n203.0.113.7:8443 shop.example.com';
    const endpoints = endpointsFromText(text);
    expect(endpoints).toEqual([
      { host: 'shop.example.com', port: 443, sni: null },
      { host: '203.0.113.7', port: 8443, sni: 'shop.example.com' },
    ]);
    expect(endpointsToText(endpoints as never)).toBe(
      'shop.example.com:443\n203.0.113.7:8443 shop.example.com',
    );
    expect(endpointKeyOf({ host: '203.0.113.7', port: 8443, sni: 'shop.example.com' })).toBe(
      '203.0.113.7:8443/shop.example.com',
    );
  });

  it('keeps Unicode host and SNI names as their A-labels and shows them in Unicode', () => {
    const endpoints = endpointsFromText('Bücher.DE:8443 www.bücher.de\nxn--bcher-kva.de');
    expect(endpoints).toEqual([
      { host: 'xn--bcher-kva.de', port: 8443, sni: 'www.xn--bcher-kva.de' },
      { host: 'xn--bcher-kva.de', port: 443, sni: null },
    ]);
    expect(endpointsToText(endpoints as never)).toBe('bücher.de:8443 www.bücher.de\nbücher.de:443');
    expect(endpointLabel(endpoints[0] as never)).toBe('bücher.de:8443/www.bücher.de');
    expect(endpointsField.parse([{ host: ' Bücher.de ', sni: 'WWW.bücher.de' }])).toEqual([
      { host: 'xn--bcher-kva.de', port: 443, sni: 'www.xn--bcher-kva.de' },
    ]);
  });

  it('refuses bad hosts, duplicates and more than 10, with one message for the field', () => {
    expect(endpointsField.safeParse('http://x/').error?.issues[0]?.message).toContain(
      'Enter a host name or IP address',
    );
    expect(
      endpointsField.safeParse('a.example.com\na.example.com:443').error?.issues[0]?.message,
    ).toBe('Each endpoint may be listed once');
    const eleven = Array.from({ length: 11 }, (_, index) => `s${index}.example.com`).join('\n');
    expect(endpointsField.safeParse(eleven).error?.issues[0]?.message).toBe(
      'A certificate can have at most 10 endpoints',
    );
  });

  it('reads each entry strictly and says what is wrong with it', () => {
    const problemOf = (entry: string) => {
      const read = readEndpointEntry(entry);
      return 'problem' in read ? read.problem : null;
    };
    expect(problemOf('bad host name:99999')).toBe(
      '"bad host name:99999": one endpoint is host[:port] and an optional SNI name; a host name has no spaces',
    );
    expect(problemOf('a b c d')).toBe(
      '"a b c d": one endpoint is host[:port] and an optional SNI name; a host name has no spaces',
    );
    expect(problemOf('256.1.1.1:443')).toBe(
      '"256.1.1.1:443": 256.1.1.1 is not an IPv4 address: four numbers from 0 to 255',
    );
    expect(problemOf('shop.example.com:99999')).toBe(
      '"shop.example.com:99999": Port must be a whole number from 1 to 65535',
    );
    expect(problemOf('shop.example.com:44x')).toBe(
      '"shop.example.com:44x": Port must be a whole number from 1 to 65535',
    );
    expect(problemOf('2001:db8::1')).toBe(
      '"2001:db8::1": Write an IPv6 address in brackets, e.g. [2001:db8::1]:443',
    );
    expect(problemOf('shop_example.com')).toBe(
      '"shop_example.com": Enter a host name or IP address, optionally with :port (e.g. example.com:8443)',
    );
    expect(problemOf('203.0.113.7 bad_name')).toBe(
      '"203.0.113.7 bad_name": The SNI name must be a host name',
    );
    expect(readEndpointEntry('[2001:db8::1]:8443 shop.example.com')).toEqual({
      endpoint: { host: '2001:db8::1', port: 8443, sni: 'shop.example.com' },
    });
    expect(readEndpointEntry('10.0.0.255')).toEqual({
      endpoint: { host: '10.0.0.255', port: 443, sni: null },
    });
  });

  it('names every wrong entry of the field, and the entry of a wrong list item', () => {
    expect(
      endpointsField.safeParse('shop.example.com\n256.1.1.1:443\na b c d').error?.issues[0]
        ?.message,
    ).toBe(
      '"256.1.1.1:443": 256.1.1.1 is not an IPv4 address: four numbers from 0 to 255; "a b c d": one endpoint is host[:port] and an optional SNI name; a host name has no spaces',
    );
    expect(
      endpointsField.safeParse([{ host: 'shop.example.com' }, { host: '256.1.1.1' }]).error
        ?.issues[0]?.message,
    ).toBe(
      'Endpoint 2: Enter a host name or IP address, optionally with :port (e.g. example.com:8443)',
    );
  });

  it('reads a list item written as the form writes an entry, and names a wrong one by its place', () => {
    expect(
      endpointsField.parse([
        'shop.example.com',
        '203.0.113.7:8443 Bücher.de',
        { host: 'a.example' },
      ]),
    ).toEqual([
      { host: 'shop.example.com', port: 443, sni: null },
      { host: '203.0.113.7', port: 8443, sni: 'xn--bcher-kva.de' },
      { host: 'a.example', port: 443, sni: null },
    ]);
    expect(
      endpointsField.safeParse(['shop.example.com', '256.1.1.1:443']).error?.issues[0]?.message,
    ).toBe(
      'Endpoint 2: "256.1.1.1:443": 256.1.1.1 is not an IPv4 address: four numbers from 0 to 255',
    );
    expect(
      endpointsField.safeParse(['a.example.com', 'A.example.com:443']).error?.issues[0]?.message,
    ).toBe(ENDPOINT_MESSAGES.duplicate);
  });
});
