import {
  endpointKeyOf,
  endpointsField,
  endpointsFromText,
  endpointsToText,
  parseEndpointAddress,
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
});
