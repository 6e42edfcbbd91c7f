/** Certificate domain lists: parsing a comma-separated string or a list, and hostname checks. */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const MAX_HOSTNAME_LENGTH = 253;

/**
 * Whether a name may stand in a certificate: a hostname of two or more labels (letters, digits,
 * hyphens; a non-numeric last label), optionally a leading `*.` wildcard, or an IPv4 address.
 */
export function isValidDomainName(value: string): boolean {
  if (IPV4.test(value)) return true;
  const host = value.startsWith('*.') ? value.slice(2) : value;
  if (host.length === 0 || host.length > MAX_HOSTNAME_LENGTH) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

/**
 * Splits a domain list given as a list of strings and/or comma-separated strings: entries are
 * trimmed, lower-cased, emptied entries dropped and duplicates removed, in input order.
 */
export function splitDomainList(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? [value] : value).flatMap((entry) => entry.split(','));
  const domains = parts.map((part) => part.trim().toLowerCase()).filter((part) => part !== '');
  return [...new Set(domains)];
}

/**
 * The entries of a domain list (as `splitDomainList` reads it) that are not valid names, trimmed
 * but otherwise as given, each once, in input order.
 */
export function invalidDomainEntries(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? [value] : value).flatMap((entry) => entry.split(','));
  const invalid = parts
    .map((part) => part.trim())
    .filter((part) => part !== '' && !isValidDomainName(part.toLowerCase()));
  return [...new Set(invalid)];
}

/** The list as it is displayed and measured against the domains length limit. */
export function joinDomainList(domains: readonly string[]): string {
  return domains.join(', ');
}
