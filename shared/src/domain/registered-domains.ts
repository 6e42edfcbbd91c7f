/**
 * Registered domains: the names a registry registers (`example.com`, `example.co.uk`), the ones a
 * "Domain registration" token follows through RDAP. A name is read as people type it (any case,
 * Unicode or A-labels, a trailing dot) and stored as its A-label (`xn--bcher-kva.de`), shown in
 * Unicode (`bücher.de`). It must be exactly the registrable part of the name under the ICANN
 * section of the Public Suffix List: not a public suffix alone (`co.uk`), not a name under a
 * registered one (`shop.example.com`: its registration is `example.com`'s).
 */
import { parse } from 'tldts';
import { asciiName, displayDomain } from './domain-names';

export { asciiName, displayDomain };

export const REGISTERED_DOMAIN_MESSAGES = {
  required: 'Enter the domain whose registration to follow (e.g. example.com)',
  invalid: 'Enter a registered domain such as example.com',
  typeOnly: 'Only a domain registration can follow a domain',
} as const;

export type RegisteredDomainReading = { readonly domain: string } | { readonly problem: string };

/**
 * Reads a domain to follow: its A-label, or why it is not one (naming what was typed and, for a
 * name under a registered domain, that domain).
 */
export function readRegisteredDomain(text: string): RegisteredDomainReading {
  if (text.trim() === '') return { problem: REGISTERED_DOMAIN_MESSAGES.required };
  const shown = text.trim();
  const ascii = asciiName(shown);
  if (ascii === null) return { problem: `"${shown}": ${REGISTERED_DOMAIN_MESSAGES.invalid}` };
  const parts = parse(ascii, { allowPrivateDomains: false, extractHostname: false });
  if (parts.isIp || !parts.isIcann) {
    return { problem: `"${shown}": ${REGISTERED_DOMAIN_MESSAGES.invalid}` };
  }
  if (parts.domain === null) {
    return {
      problem: `"${shown}" is a public suffix, under which domains are registered: enter one of them (e.g. example.${displayDomain(ascii)})`,
    };
  }
  if (parts.domain !== ascii) {
    return {
      problem: `"${shown}" is not a registered domain: its registration is ${displayDomain(parts.domain)}'s`,
    };
  }
  return { domain: ascii };
}

/** The registered domain a host name belongs to (`shop.example.com` → `example.com`), or null. */
export function registeredDomainOf(hostname: string): string | null {
  const ascii = asciiName(hostname.replace(/^\*\./, ''));
  if (ascii === null) return null;
  const parts = parse(ascii, { allowPrivateDomains: false, extractHostname: false });
  return parts.isIcann && !parts.isIp ? parts.domain : null;
}

/** The registered domains of a certificate's names, each once, in order (`shop.example.com` → `example.com`). */
export function registeredDomainsOf(names: readonly string[]): string[] {
  return [
    ...new Set(names.map(registeredDomainOf).filter((domain): domain is string => domain !== null)),
  ];
}
