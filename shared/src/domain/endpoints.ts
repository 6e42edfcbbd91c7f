/**
 * TLS endpoints of a certificate token (`host[:port]`, port 443 unless given, an optional SNI
 * name): where the certificate is served, checked on a schedule so the inventory follows the
 * certificate really in use. Each endpoint carries the outcome of its last check.
 */
import * as z from 'zod';
import { asciiName, displayDomain } from './domain-names';
import { multiLineText } from './text-rules';

export const DEFAULT_TLS_PORT = 443;
/** Endpoints one token may carry (each is checked on its own). */
export const ENDPOINTS_PER_TOKEN_MAX = 10;
/** Failed connections in a row before an unreachable endpoint is a problem to alert about. */
export const UNREACHABLE_AFTER_FAILURES = 3;

/** What may be wrong with the certificate an endpoint serves, or with reaching it. */
export const ENDPOINT_PROBLEMS = [
  'expired',
  'older',
  'name_mismatch',
  'untrusted_chain',
  'unreachable',
] as const;
export type EndpointProblem = (typeof ENDPOINT_PROBLEMS)[number];

export function isEndpointProblem(value: string): value is EndpointProblem {
  return (ENDPOINT_PROBLEMS as readonly string[]).includes(value);
}

/**
 * A check's status: `ok` (serves the token's certificate, or one no older), `renewed` (served a
 * newer certificate, which the token now follows), `failing` (could not connect, fewer times in a
 * row than make it a problem), `problem`.
 */
export const ENDPOINT_CHECK_STATUSES = ['ok', 'renewed', 'failing', 'problem'] as const;
export type EndpointCheckStatus = (typeof ENDPOINT_CHECK_STATUSES)[number];

export const ENDPOINT_CHECK_FREQUENCIES = ['every_6_hours', 'hourly'] as const;
export type EndpointCheckFrequency = (typeof ENDPOINT_CHECK_FREQUENCIES)[number];
export const ENDPOINT_CHECK_INTERVAL_HOURS: Readonly<Record<EndpointCheckFrequency, number>> = {
  every_6_hours: 6,
  hourly: 1,
};

export const ENDPOINT_MESSAGES = {
  host: 'Enter a host name or IP address, optionally with :port (e.g. example.com:8443)',
  port: 'Port must be a whole number from 1 to 65535',
  sni: 'The SNI name must be a host name',
  tooMany: `A certificate can have at most ${ENDPOINTS_PER_TOKEN_MAX} endpoints`,
  duplicate: 'Each endpoint may be listed once',
  certificatesOnly: 'Only certificates can have endpoints to check',
  hourly: 'Hourly endpoint checks are available on the Enterprise plan',
} as const;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]+$/;
const NUMERIC_LABEL = /^\d+$/;

/**
 * A host name (one label or more; the last one not all digits, so `256.1.1.1` is not a name), an
 * IPv4 address (four numbers from 0 to 255), or an IPv6 address (without brackets).
 */
export function isEndpointHost(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  if (IPV4.test(value)) return true;
  if (value.includes(':')) return IPV6.test(value) && value.split(':').length > 2;
  const labels = value.split('.');
  return labels.every((label) => HOST_LABEL.test(label)) && !NUMERIC_LABEL.test(labels.at(-1)!);
}

/**
 * A host or SNI name as it is kept: a Unicode name as its A-labels (`bücher.de` →
 * `xn--bcher-kva.de`, what DNS and the certificate carry); an address, or text with no A-label
 * form, lower-cased for `isEndpointHost` to judge.
 */
export function canonicalHost(text: string): string {
  const value = text.trim().toLowerCase();
  if (value.includes(':') || /^[\d.]+$/.test(value)) return value;
  return asciiName(value) ?? value;
}

/** A form entry read: its endpoint, or what is wrong with it (naming the entry). */
export type EndpointEntry =
  | { readonly endpoint: { host: string; port: number; sni: string | null } }
  | { readonly problem: string };

const PORT_TEXT = /^\d{1,5}$/;

/** Why an address (`host`, `host:port`, `[v6]`, `[v6]:port`) does not read, or its parts. */
function readAddress(text: string): { host: string; port: number } | { reason: string } {
  const value = text.toLowerCase();
  if (/[/?#@]/.test(value)) return { reason: ENDPOINT_MESSAGES.host };
  let host: string;
  let portText: string | undefined;
  if (value.startsWith('[')) {
    const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(value);
    if (!bracketed || !bracketed[1]!.includes(':') || !isEndpointHost(bracketed[1]!)) {
      return { reason: 'Write an IPv6 address in brackets, e.g. [2001:db8::1]:443' };
    }
    host = bracketed[1]!;
    portText = bracketed[2];
  } else {
    const colons = value.split(':').length - 1;
    if (colons > 1) return { reason: 'Write an IPv6 address in brackets, e.g. [2001:db8::1]:443' };
    [host = '', portText] = value.split(':');
    host = canonicalHost(host);
  }
  if (portText !== undefined) {
    const port = Number(portText);
    if (!PORT_TEXT.test(portText) || port < 1 || port > 65535) {
      return { reason: ENDPOINT_MESSAGES.port };
    }
  }
  if (/^[\d.]+$/.test(host) && !IPV4.test(host)) {
    return { reason: `${host} is not an IPv4 address: four numbers from 0 to 255` };
  }
  if (!isEndpointHost(host)) return { reason: ENDPOINT_MESSAGES.host };
  return { host, port: portText === undefined ? DEFAULT_TLS_PORT : Number(portText) };
}

/** `host`, `host:port`, `[v6]` or `[v6]:port` -> host (lower-cased, no brackets) and port. */
export function parseEndpointAddress(text: string): { host: string; port: number } | null {
  const address = readAddress(text.trim());
  return 'reason' in address ? null : address;
}

/**
 * One entry of the form's text, `host[:port] [SNI name]`, read strictly: a host has no spaces, a
 * port is 1-65535, an IPv4 address has four numbers from 0 to 255, an IPv6 address is in brackets.
 */
export function readEndpointEntry(entry: string): EndpointEntry {
  const text = entry.trim();
  const parts = text.split(/\s+/);
  if (parts.length > 2) {
    return {
      problem: `"${text}": one endpoint is host[:port] and an optional SNI name; a host name has no spaces`,
    };
  }
  const [addressText = '', sniText] = parts;
  const address = readAddress(addressText);
  if ('reason' in address) return { problem: `"${text}": ${address.reason}` };
  const sni = sniText === undefined ? null : canonicalHost(sniText);
  if (sni !== null && !isEndpointHost(sni)) {
    return { problem: `"${text}": ${ENDPOINT_MESSAGES.sni}` };
  }
  return { endpoint: { ...address, sni } };
}

/** `host:port` (IPv6 in brackets), as people write it. */
export function endpointAddress(endpoint: { host: string; port: number }): string {
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return `${host}:${endpoint.port}`;
}

/** An endpoint as people read it: its names in Unicode, `bücher.de:443/www.bücher.de`. */
export function endpointLabel(endpoint: { host: string; port: number; sni: string | null }) {
  return `${shownAddress(endpoint)}${endpoint.sni ? `/${displayDomain(endpoint.sni)}` : ''}`;
}

/** `host:port` with the host in Unicode. */
function shownAddress(endpoint: { host: string; port: number }): string {
  return endpointAddress({ host: displayDomain(endpoint.host), port: endpoint.port });
}

/** Names an endpoint within its token: address and SNI name. */
export function endpointKeyOf(endpoint: { host: string; port: number; sni: string | null }) {
  return `${endpointAddress(endpoint)}${endpoint.sni ? `/${endpoint.sni}` : ''}`;
}

const hostField = z
  .string({ error: ENDPOINT_MESSAGES.host })
  .transform(canonicalHost)
  .refine(isEndpointHost, ENDPOINT_MESSAGES.host);
const portField = z
  .number({ error: ENDPOINT_MESSAGES.port })
  .int(ENDPOINT_MESSAGES.port)
  .min(1, ENDPOINT_MESSAGES.port)
  .max(65535, ENDPOINT_MESSAGES.port);
const sniField = z
  .string({ error: ENDPOINT_MESSAGES.sni })
  .transform((value) => (value.trim() === '' ? null : canonicalHost(value)))
  .refine((value) => value === null || isEndpointHost(value), ENDPOINT_MESSAGES.sni)
  .nullable();

/** One endpoint as a form or the API gives it. */
export const endpointInputSchema = z.object({
  host: hostField,
  port: portField.default(DEFAULT_TLS_PORT),
  sni: sniField.default(null),
});
export type EndpointInput = z.input<typeof endpointInputSchema>;

/** The entries of a form's text: one per line (or comma). */
function textEntries(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Endpoints as a form's text gives them, each entry read strictly, with what is wrong with each. */
export function readEndpointsText(text: string): {
  endpoints: EndpointInput[];
  problems: string[];
} {
  const endpoints: EndpointInput[] = [];
  const problems: string[] = [];
  for (const entry of textEntries(text).map(readEndpointEntry)) {
    if ('problem' in entry) problems.push(entry.problem);
    else endpoints.push(entry.endpoint);
  }
  return { endpoints, problems };
}

/** The endpoints of a form's text that read (see `readEndpointsText` for the others). */
export function endpointsFromText(text: string): EndpointInput[] {
  return readEndpointsText(text).endpoints;
}

/** The form's text of stored endpoints (`endpointsFromText` reads it back). */
export function endpointsToText(
  endpoints: readonly { host: string; port: number; sni: string | null }[] | undefined,
): string {
  return (endpoints ?? [])
    .map(
      (endpoint) =>
        `${shownAddress(endpoint)}${endpoint.sni ? ` ${displayDomain(endpoint.sni)}` : ''}`,
    )
    .join('\n');
}

const endpointListSchema = z.array(endpointInputSchema);

/**
 * A JSON list's items: an object ({ host, port?, sni? }) as it is, or an entry written as the form
 * writes it (`"host[:port] [SNI name]"`), read as the form's text is, its problem named by its
 * place ("Endpoint 2: …").
 */
function readListEntries(items: readonly unknown[]): { entries: unknown[]; problems: string[] } {
  const problems: string[] = [];
  const entries = items.map((item, index) => {
    if (typeof item !== 'string') return item;
    const entry = readEndpointEntry(item);
    if ('problem' in entry) {
      problems.push(`Endpoint ${index + 1}: ${entry.problem}`);
      return item;
    }
    return entry.endpoint;
  });
  return { entries, problems };
}

/** A list of endpoints, or a form's text of them; one message for the whole field. */
export const endpointsField = z
  .union([multiLineText(z.string()), z.array(z.unknown())], { error: ENDPOINT_MESSAGES.host })
  .transform((value, ctx) => {
    let entries: unknown[];
    if (typeof value === 'string') {
      const read = readEndpointsText(value);
      if (read.problems.length > 0) {
        ctx.addIssue({ code: 'custom', message: read.problems.join('; ') });
        return z.NEVER;
      }
      entries = read.endpoints;
    } else {
      const read = readListEntries(value);
      if (read.problems.length > 0) {
        ctx.addIssue({ code: 'custom', message: read.problems.join('; ') });
        return z.NEVER;
      }
      entries = read.entries;
    }
    const parsed = endpointListSchema.safeParse(entries);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const index = typeof issue?.path[0] === 'number' ? issue.path[0] : null;
      const message = issue?.message ?? ENDPOINT_MESSAGES.host;
      ctx.addIssue({
        code: 'custom',
        message: index === null ? message : `Endpoint ${index + 1}: ${message}`,
      });
      return z.NEVER;
    }
    if (parsed.data.length > ENDPOINTS_PER_TOKEN_MAX) {
      ctx.addIssue({ code: 'custom', message: ENDPOINT_MESSAGES.tooMany });
      return z.NEVER;
    }
    const keysSeen = new Set(parsed.data.map((endpoint) => endpointKeyOf(endpoint)));
    if (keysSeen.size !== parsed.data.length) {
      ctx.addIssue({ code: 'custom', message: ENDPOINT_MESSAGES.duplicate });
      return z.NEVER;
    }
    return parsed.data;
  });

export const endpointCheckFrequencyField = z.enum(ENDPOINT_CHECK_FREQUENCIES);

/** The outcome of an endpoint's last check, with what it served. */
export const endpointCheckSchema = z.object({
  checked_at: z.string(),
  status: z.enum(ENDPOINT_CHECK_STATUSES),
  /** The open problem (alerted once), null when none. */
  problem: z.enum(ENDPOINT_PROBLEMS).nullable(),
  /** The outcome in words, for the dashboard. */
  message: z.string(),
  /** When the open problem was first seen. */
  problem_since: z.string().nullable(),
  consecutive_failures: z.number().int().nonnegative(),
  /** What the endpoint served at its last successful connection. */
  not_after: z.string().nullable(),
  fingerprint_sha256: z.string().nullable(),
  issuer: z.string().nullable(),
  names: z.array(z.string()),
  protocol: z.string().nullable(),
  /** When the open problem's alert was queued; null until then (or with no problem). */
  alerted_at: z.string().nullable().default(null),
});
export type EndpointCheck = z.infer<typeof endpointCheckSchema>;

export const tokenEndpointSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  sni: z.string().nullable(),
  /** Absent or null until its first check. */
  last_check: endpointCheckSchema.nullable().optional(),
  /**
   * When checks stopped because the endpoint is beyond the workspace plan's limit (kept from a
   * higher plan after a downgrade); absent while it is checked.
   */
  paused_since: z.string().nullable().optional(),
});
export type TokenEndpoint = z.infer<typeof tokenEndpointSchema>;

const PROBLEM_WORDS: Readonly<Record<EndpointProblem, string>> = {
  expired: 'serves an expired certificate',
  older: 'serves a certificate that expires sooner than the one in the inventory',
  name_mismatch: 'serves a certificate for another name',
  untrusted_chain: 'serves a certificate whose chain is not trusted',
  unreachable: `could not be reached ${UNREACHABLE_AFTER_FAILURES} times in a row`,
};

/** `example.com:443 serves an expired certificate`. */
export function endpointProblemText(endpointKey: string, problem: EndpointProblem): string {
  return `${endpointKey} ${PROBLEM_WORDS[problem]}`;
}
