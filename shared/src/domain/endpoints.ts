/**
 * TLS endpoints of a certificate token (`host[:port]`, port 443 unless given, an optional SNI
 * name): where the certificate is served, checked on a schedule so the inventory follows the
 * certificate really in use. Each endpoint carries the outcome of its last check.
 */
import * as z from 'zod';
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

/** A host name (one label or more), an IPv4 address, or an IPv6 address (without brackets). */
export function isEndpointHost(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  if (IPV4.test(value)) return true;
  if (value.includes(':')) return IPV6.test(value);
  return value.split('.').every((label) => HOST_LABEL.test(label));
}

/** `host`, `host:port`, `[v6]` or `[v6]:port` -> host (lower-cased, no brackets) and port. */
export function parseEndpointAddress(text: string): { host: string; port: number } | null {
  const value = text.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(value);
  const plain = bracketed ? null : /^([^:]+)(?::(\d+))?$/.exec(value);
  const host = bracketed?.[1] ?? plain?.[1] ?? (value.includes(':') ? value : undefined);
  const portText = bracketed?.[2] ?? plain?.[2];
  if (!host || !isEndpointHost(host)) return null;
  const port = portText === undefined ? DEFAULT_TLS_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host, port };
}

/** `host:port` (IPv6 in brackets), as people write it. */
export function endpointAddress(endpoint: { host: string; port: number }): string {
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  return `${host}:${endpoint.port}`;
}

/** Names an endpoint within its token: address and SNI name. */
export function endpointKeyOf(endpoint: { host: string; port: number; sni: string | null }) {
  return `${endpointAddress(endpoint)}${endpoint.sni ? `/${endpoint.sni}` : ''}`;
}

const hostField = z
  .string({ error: ENDPOINT_MESSAGES.host })
  .trim()
  .toLowerCase()
  .refine(isEndpointHost, ENDPOINT_MESSAGES.host);
const portField = z
  .number({ error: ENDPOINT_MESSAGES.port })
  .int(ENDPOINT_MESSAGES.port)
  .min(1, ENDPOINT_MESSAGES.port)
  .max(65535, ENDPOINT_MESSAGES.port);
const sniField = z
  .string({ error: ENDPOINT_MESSAGES.sni })
  .trim()
  .toLowerCase()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || isEndpointHost(value), ENDPOINT_MESSAGES.sni)
  .nullable();

/** One endpoint as a form or the API gives it. */
export const endpointInputSchema = z.object({
  host: hostField,
  port: portField.default(DEFAULT_TLS_PORT),
  sni: sniField.default(null),
});
export type EndpointInput = z.input<typeof endpointInputSchema>;

/**
 * Endpoints as a form's text gives them: one per line (or comma), `host[:port] [SNI name]`. An
 * entry whose address does not read keeps it as its host, so the host's message names it.
 */
export function endpointsFromText(text: string): EndpointInput[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [address = '', sni = null] = entry.split(/\s+/);
      const parsed = parseEndpointAddress(address);
      return parsed ? { ...parsed, sni } : { host: address, port: DEFAULT_TLS_PORT, sni };
    });
}

/** The form's text of stored endpoints (`endpointsFromText` reads it back). */
export function endpointsToText(
  endpoints: readonly { host: string; port: number; sni: string | null }[] | undefined,
): string {
  return (endpoints ?? [])
    .map((endpoint) => `${endpointAddress(endpoint)}${endpoint.sni ? ` ${endpoint.sni}` : ''}`)
    .join('\n');
}

const endpointListSchema = z.array(endpointInputSchema);

/** A list of endpoints, or a form's text of them; one message for the whole field. */
export const endpointsField = z
  .union([multiLineText(z.string()), z.array(z.unknown())], { error: ENDPOINT_MESSAGES.host })
  .transform((value, ctx) => {
    const entries = typeof value === 'string' ? endpointsFromText(value) : value;
    const parsed = endpointListSchema.safeParse(entries);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? ENDPOINT_MESSAGES.host,
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
