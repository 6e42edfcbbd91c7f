/**
 * Which IP addresses a webhook may connect to (the SSRF rule of docs/product.md). Pure: the adapter
 * (adapters/ssrf-guard.ts) applies it to every address a host name resolves to, at connect time.
 * Only public unicast passes; IPv6 outside global unicast 2000::/3 is refused as reserved, and
 * addresses that embed an IPv4 address (mapped ::ffff:a.b.c.d) are judged by that address.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'unique-local'
  | 'translation'
  | 'documentation'
  | 'reserved'
  | 'invalid';

interface Range<T> {
  readonly base: T;
  readonly prefix: number;
  readonly kind: Exclude<AddressClass, 'public' | 'invalid'>;
}

const IPV4_RANGES: readonly Range<string>[] = [
  { base: '0.0.0.0', prefix: 8, kind: 'unspecified' },
  { base: '10.0.0.0', prefix: 8, kind: 'private' },
  { base: '100.64.0.0', prefix: 10, kind: 'carrier-grade-nat' },
  { base: '127.0.0.0', prefix: 8, kind: 'loopback' },
  { base: '169.254.0.0', prefix: 16, kind: 'link-local' },
  { base: '172.16.0.0', prefix: 12, kind: 'private' },
  { base: '192.0.0.0', prefix: 24, kind: 'reserved' },
  { base: '192.0.2.0', prefix: 24, kind: 'documentation' },
  { base: '192.88.99.0', prefix: 24, kind: 'translation' },
  { base: '192.168.0.0', prefix: 16, kind: 'private' },
  { base: '198.18.0.0', prefix: 15, kind: 'reserved' },
  { base: '198.51.100.0', prefix: 24, kind: 'documentation' },
  { base: '203.0.113.0', prefix: 24, kind: 'documentation' },
  { base: '224.0.0.0', prefix: 4, kind: 'multicast' },
  { base: '240.0.0.0', prefix: 4, kind: 'reserved' },
];

/** Special ranges inside or outside 2000::/3; the first match wins. */
const IPV6_RANGES: readonly Range<string>[] = [
  { base: '64:ff9b::', prefix: 96, kind: 'translation' }, // NAT64 well-known prefix
  { base: '64:ff9b:1::', prefix: 48, kind: 'translation' }, // local-use NAT64
  { base: '100::', prefix: 64, kind: 'reserved' }, // discard-only
  { base: '2001::', prefix: 32, kind: 'translation' }, // Teredo
  { base: '2001:db8::', prefix: 32, kind: 'documentation' },
  { base: '2001::', prefix: 23, kind: 'reserved' }, // IETF protocol assignments
  { base: '2002::', prefix: 16, kind: 'translation' }, // 6to4
  { base: '3fff::', prefix: 20, kind: 'documentation' },
  { base: 'fc00::', prefix: 7, kind: 'unique-local' },
  { base: 'fe80::', prefix: 10, kind: 'link-local' },
  { base: 'fec0::', prefix: 10, kind: 'reserved' }, // deprecated site-local
  { base: 'ff00::', prefix: 8, kind: 'multicast' },
];

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

/** The 128 bits of an IPv6 address (with `::` and a trailing dotted IPv4 part) as a bigint. */
export function ipv6ToBigInt(address: string): bigint {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function inIpv4Range(value: number, range: Range<string>): boolean {
  const size = 2 ** (32 - range.prefix);
  const base = ipv4ToNumber(range.base);
  return value >= base && value < base + size;
}

function inIpv6Range(value: bigint, range: Range<string>): boolean {
  const shift = BigInt(128 - range.prefix);
  return value >> shift === ipv6ToBigInt(range.base) >> shift;
}

function classifyIpv4(address: string): AddressClass {
  const value = ipv4ToNumber(address);
  return IPV4_RANGES.find((range) => inIpv4Range(value, range))?.kind ?? 'public';
}

const IPV4_MAPPED_PREFIX = 0xffffn << 32n; // ::ffff:0:0/96
const LOW_32_BITS = 0xffffffffn;

/** Whether the 128 bits are an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`). */
export function isIpv4Mapped(value: bigint): boolean {
  return value >> 32n === IPV4_MAPPED_PREFIX >> 32n;
}

export function numberToIpv4(value: bigint): string {
  const n = Number(value & LOW_32_BITS);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function classifyIpv6(address: string): AddressClass {
  const value = ipv6ToBigInt(address);
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  if (isIpv4Mapped(value)) return classifyIpv4(numberToIpv4(value));
  // ::/96 (IPv4-compatible, deprecated) and ::ffff:0:0:0/96 (SIIT) are not global unicast either.
  const special = IPV6_RANGES.find((range) => inIpv6Range(value, range));
  if (special) return special.kind;
  return value >> 125n === 1n ? 'public' : 'reserved'; // 2000::/3
}

/** What kind of address this is; `invalid` when it is not an IP address. */
export function classifyAddress(address: string): AddressClass {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(text)) return classifyIpv4(text);
  if (isIPv6(text)) return classifyIpv6(text);
  return 'invalid';
}

export interface AddressPolicy {
  /** Local runs and tests only: a receiver on this machine. */
  readonly allowLoopback: boolean;
}

/** Whether a webhook may connect to this address. */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && policy.allowLoopback);
}
