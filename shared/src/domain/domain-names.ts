// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- punycode.js ships no types; the declaration is included for every package that imports this module
/// <reference path="../types/punycode-js.d.ts" />
/**
 * Domain names as people type them and as the app keeps them: any case, Unicode or A-labels
 * (`Bücher.DE`, `xn--bcher-kva.de`) are one name, stored as its A-labels (what certificates and DNS
 * carry, and what watched domains and registrations store) and shown in Unicode. Certificate
 * domain lists: parsing a comma-separated string or a list, and hostname checks.
 */
import { toASCII, toUnicode } from 'punycode.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const MAX_HOSTNAME_LENGTH = 253;

/** The A-label form of a name, lower-cased, without a trailing dot; null if it has none. */
export function asciiName(text: string): string | null {
  const name = text.trim().normalize('NFC').toLowerCase().replace(/\.$/, '');
  if (name === '' || /[\s/:@?#]/.test(name)) return null;
  try {
    const ascii = toASCII(name);
    return ascii.length <= MAX_HOSTNAME_LENGTH &&
      ascii.split('.').every((label) => ASCII_LABEL.test(label))
      ? ascii
      : null;
  } catch {
    return null;
  }
}

/** A stored A-label name as people read it: `xn--bcher-kva.de` → `bücher.de`. */
export function displayDomain(ascii: string): string {
  try {
    return toUnicode(ascii);
  } catch {
    return ascii;
  }
}

/**
 * A domain list entry as it is kept: its A-labels behind an optional `*.` wildcard (an IPv4
 * address as it is); an entry with no A-label form trimmed and lower-cased, for the checks to
 * refuse.
 */
export function canonicalDomainEntry(entry: string): string {
  const text = entry.trim().toLowerCase();
  const wildcard = text.startsWith('*.') ? '*.' : '';
  const ascii = asciiName(text.slice(wildcard.length));
  return ascii === null ? text : `${wildcard}${ascii}`;
}

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
 * trimmed, kept as their A-labels (`canonicalDomainEntry`), emptied entries dropped and duplicates
 * removed, in input order.
 */
export function splitDomainList(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? [value] : value).flatMap((entry) => entry.split(','));
  const domains = parts.map(canonicalDomainEntry).filter((part) => part !== '');
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
    .filter((part) => part !== '' && !isValidDomainName(canonicalDomainEntry(part)));
  return [...new Set(invalid)];
}

/** The list as it is measured against the domains length limit (and sent in a form's field). */
export function joinDomainList(domains: readonly string[]): string {
  return domains.join(', ');
}

/** The forms a search finds a kept name by: its A-labels and, when it differs, its Unicode. */
export function searchedDomainForms(domains: readonly string[]): string[] {
  return [...new Set(domains.flatMap((domain) => [domain, displayDomain(domain)]))];
}

/** The list as people read it: each name in Unicode (`xn--bcher-kva.de` → `bücher.de`). */
export function displayDomainList(domains: readonly string[]): string {
  return joinDomainList(domains.map(displayDomain));
}
