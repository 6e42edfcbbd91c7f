import { classifyAddress, isAllowedAddress } from './network-address-policy';

const strict = { allowLoopback: false };

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['100.128.0.1', 'public'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b::10.0.0.1', 'translation'],
    ['64:ff9b::808:808', 'translation'],
    ['2002:c0a8:101::1', 'translation'],
    ['2001::1', 'translation'],
    ['2001:db8::1', 'documentation'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82a::200e', 'public'],
    ['4000::1', 'reserved'],
    ['example.com', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('isAllowedAddress', () => {
  it('allows only public addresses', () => {
    expect(isAllowedAddress('8.8.8.8', strict)).toBe(true);
    expect(isAllowedAddress('2606:4700:4700::1111', strict)).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '169.254.169.254', 'fd00::1']) {
      expect(isAllowedAddress(address, strict)).toBe(false);
    }
  });

  it('allows loopback, and only loopback, when the policy says so', () => {
    const local = { allowLoopback: true };
    expect(isAllowedAddress('127.0.0.1', local)).toBe(true);
    expect(isAllowedAddress('::1', local)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', local)).toBe(true);
    expect(isAllowedAddress('192.168.0.1', local)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', local)).toBe(false);
  });
});
