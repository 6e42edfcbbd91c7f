/**
 * The certificate transparency watch: a workspace lists the domains it owns, with or without
 * their subdomains, and an hourly job asks a certificate transparency search service (Cert
 * Spotter's issuances API) for the certificates issued for them since the last one it read. Each
 * certificate the inventory does not hold yet is shown as "new", with "Add to inventory", and
 * emailed to the workspace's admins; a domain may add them by itself instead. A domain's issuer
 * allow-list (like a CAA record) makes a certificate from any other issuer an "unexpected issuer"
 * alert to the admins at once.
 *
 * A watched domain is a registered domain or a name under one (`example.com`, `shop.example.com`),
 * read as people type it (any case, Unicode or A-labels, a trailing dot) and stored as its A-label,
 * shown in Unicode. A public suffix alone (`co.uk`) is not one.
 */
import * as z from 'zod';
import { parse } from 'tldts';
import { asciiName, displayDomain } from './registered-domains';

export const WATCHED_DOMAIN_MESSAGES = {
  required: 'Enter the domain to watch (e.g. example.com)',
  invalid: 'Enter a domain such as example.com or shop.example.com',
  duplicate: 'The workspace already watches this domain',
  notFound: 'The workspace does not watch this domain',
  forbidden: 'Only admins change the watched domains and the Cert Spotter API key',
  planNone:
    'Your plan does not include the certificate transparency watch: upgrade to Pro to watch your domains',
  issuerTooLong: 'An issuer in the allow-list has at most 100 characters',
  tooManyIssuers: 'At most 20 issuers in the allow-list',
  findingNotFound: 'No such certificate among the ones seen for this workspace',
  alreadyAdded: 'This certificate is already in the inventory',
  apiKeyInvalid: 'Paste the Cert Spotter API key as SSLMate shows it (letters, digits, _ and -)',
} as const;

/** Hours between two reads of a watched domain's new certificates. */
export const CT_WATCH_INTERVAL_HOURS = 1;
/** Hours before a read that failed is tried again (unless the service said when). */
export const CT_WATCH_RETRY_MINUTES = 15;
export const ALLOWED_ISSUERS_MAX = 20;
export const ISSUER_NAME_MAX_LENGTH = 100;
/** New certificates a workspace's list shows (newest first). */
export const CT_FINDINGS_SHOWN = 100;

export type WatchedDomainReading = { readonly domain: string } | { readonly problem: string };

/** Reads a domain to watch: its A-label, or why it is not one. */
export function readWatchedDomain(text: string): WatchedDomainReading {
  if (text.trim() === '') return { problem: WATCHED_DOMAIN_MESSAGES.required };
  const shown = text.trim();
  const ascii = asciiName(shown.replace(/^\*\./, ''));
  if (ascii === null) return { problem: `"${shown}": ${WATCHED_DOMAIN_MESSAGES.invalid}` };
  const parts = parse(ascii, { allowPrivateDomains: false, extractHostname: false });
  if (parts.isIp || !parts.isIcann) {
    return { problem: `"${shown}": ${WATCHED_DOMAIN_MESSAGES.invalid}` };
  }
  if (parts.domain === null) {
    return {
      problem: `"${shown}" is a public suffix, under which domains are registered: enter one of them (e.g. example.${displayDomain(ascii)})`,
    };
  }
  return { domain: ascii };
}

/** A watched domain field of the API: Unicode or A-labels in, the A-label out. */
export const watchedDomainField = z
  .string({ error: WATCHED_DOMAIN_MESSAGES.required })
  .transform((value, ctx): string => {
    const reading = readWatchedDomain(value);
    if ('problem' in reading) {
      ctx.addIssue({ code: 'custom', message: reading.problem });
      return z.NEVER;
    }
    return reading.domain;
  });

/** The issuer allow-list: names as people type them, trimmed, blank ones left out, each once. */
export const allowedIssuersField = z
  .array(z.string().trim().max(ISSUER_NAME_MAX_LENGTH, WATCHED_DOMAIN_MESSAGES.issuerTooLong), {
    error: 'The issuer allow-list is a list of issuer or organisation names',
  })
  .transform((names) => [...new Set(names.filter((name) => name !== ''))])
  .refine((names) => names.length <= ALLOWED_ISSUERS_MAX, WATCHED_DOMAIN_MESSAGES.tooManyIssuers);

/** What a certificate transparency issuance says of its issuer (Cert Spotter's `issuer`). */
export interface IssuerNames {
  /** `Let's Encrypt` */
  readonly friendlyName: string | null;
  /** The issuer's distinguished name: `C=US, O=Let's Encrypt, CN=R3`. */
  readonly name: string | null;
  /** The domains the issuer's CAA records use: `letsencrypt.org`. */
  readonly caaDomains: readonly string[];
  /** The CA operator's name: `ISRG`. */
  readonly operator: string | null;
}

function simplified(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The organisation (`O=`) and common name (`CN=`) values of a distinguished name. */
function distinguishedNameValues(name: string): string[] {
  return name
    .split(/,(?=\s*[A-Za-z.0-9]+=)/)
    .map((part) => /^\s*(?:O|CN)\s*=\s*(.+)$/i.exec(part)?.[1]?.trim() ?? '')
    .filter((value) => value !== '');
}

/**
 * Whether an issuer is on an allow-list (an empty list allows every issuer): an entry matches the
 * issuer's friendly name, its CA operator, the organisation or common name of its distinguished
 * name, or one of its CAA domains (as a CAA record names the CA: `letsencrypt.org`), case and
 * spacing aside.
 */
export function isIssuerAllowed(issuer: IssuerNames, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const names = [
    issuer.friendlyName,
    issuer.operator,
    ...(issuer.name ? distinguishedNameValues(issuer.name) : []),
    ...issuer.caaDomains,
  ]
    .filter((name): name is string => name !== null && name !== '')
    .map(simplified);
  return allowed.map(simplified).some((entry) => names.includes(entry));
}

/** How an issuer is named to people: its friendly name, else its distinguished name. */
export function issuerLabel(issuer: IssuerNames): string {
  return issuer.friendlyName ?? issuer.operator ?? issuer.name ?? 'an unknown issuer';
}

/** A certificate seen: `new`, added to the inventory (by hand or automatically), or already held. */
export const CT_FINDING_STATUSES = ['new', 'added', 'in_inventory'] as const;
export type CtFindingStatus = (typeof CT_FINDING_STATUSES)[number];

/**
 * The alert's words: `new certificate for shop.example.com by Let's Encrypt, valid until
 * 2027-03-01`.
 */
export function newCertificateText(options: {
  readonly dnsNames: readonly string[];
  readonly issuer: string;
  readonly notAfter: string;
}): string {
  const first = options.dnsNames[0];
  const names =
    first === undefined
      ? 'a name of yours'
      : options.dnsNames.length > 1
        ? `${displayDomain(first)} (and ${options.dnsNames.length - 1} more)`
        : displayDomain(first);
  return `new certificate for ${names} by ${options.issuer}, valid until ${options.notAfter.slice(0, 10)}`;
}
