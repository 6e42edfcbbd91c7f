/**
 * What per-address rate limits count for a client address. An IPv4 address counts as itself,
 * also when it arrives IPv4-mapped (`::ffff:192.0.2.1`, as a dual-stack socket reports it). An
 * IPv6 address counts as its /64 network: one subscriber is usually given a whole /64, so counting
 * single addresses would let a client rotate through billions of them.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { ipv6ToBigInt, isIpv4Mapped, numberToIpv4 } from './network-address-policy';

const INTERFACE_BITS = 64n;

/** The subject a limit counts for `address`; anything that is not an IP address is kept as is. */
export function rateLimitAddress(address: string): string {
  if (isIPv4(address) || !isIPv6(address)) return address;
  const value = ipv6ToBigInt(address);
  if (isIpv4Mapped(value)) return numberToIpv4(value);
  const network = value >> INTERFACE_BITS;
  const groups = [48n, 32n, 16n, 0n].map((shift) => ((network >> shift) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}
