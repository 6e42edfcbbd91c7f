/**
 * Reads a name's TXT records for domain verification: through the system's resolvers, or the
 * DNS server DNS_RESOLVER names (the local DNS stand-in, outside production). A name without
 * records is an empty list; a resolver that fails or does not answer is an error to show.
 */
import { Resolver } from 'node:dns/promises';
import { getConfig } from '../platform/config';

const TIMEOUT_MS = 3000;

export class DnsLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DnsLookupError';
  }
}

const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

export async function resolveTxtRecords(name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  const { dnsResolver } = getConfig();
  if (dnsResolver) resolver.setServers([dnsResolver]);
  try {
    const records = await resolver.resolveTxt(name);
    // A long TXT value arrives split into strings of at most 255 bytes: one record is their join.
    return records.map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_RECORDS.has(code)) return [];
    throw new DnsLookupError(`The DNS lookup of ${name} failed (${code || 'no answer'}).`);
  }
}
