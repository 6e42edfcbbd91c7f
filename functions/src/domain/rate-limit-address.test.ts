import { rateLimitAddress } from './rate-limit-address';

describe('the address a per-address rate limit counts', () => {
  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(rateLimitAddress('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitAddress('2001:DB8:AA:BB:ffff:ffff:ffff:fffe')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitAddress('2001:0db8:00aa:00bb:0:0:0:7')).toBe('2001:db8:aa:bb::/64');
    expect(rateLimitAddress('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(rateLimitAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddress('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(rateLimitAddress('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps IPv4 addresses and subjects that are no address', () => {
    expect(rateLimitAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitAddress('ada@example.com')).toBe('ada@example.com');
    expect(rateLimitAddress('unknown')).toBe('unknown');
  });
});
