/**
 * RDAP for domain registrations (RFC 9224 bootstrap, RFC 9083 answers), without I/O:
 *
 * - the IANA bootstrap file (`dns.json`: `services`, each a list of top-level domains and the
 *   base URLs of the registry's RDAP service) gives the base URL for a domain, https first;
 * - a registry's `domain/<name>` answer gives the expiration event (`eventAction: "expiration"`),
 *   the registrar (the entity with the role `registrar`, named by its vCard `fn`) and the status;
 * - a check's outcome for the token: its expiry follows a later expiration (a renewal at the
 *   registry); a registry without RDAP, a domain it does not know, a refusal, a timeout, an answer
 *   that is not RDAP JSON, or an expiration in the past leave the token's date as it is, with the
 *   reason as the last error, and the registry is asked again later (after `Retry-After` when the
 *   registry sent one).
 */
import * as z from 'zod';
import type { RegistrationCheck } from '@expiry-radar/shared/domain/domain-registrations';
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';

export const rdapBootstrapSchema = z.object({
  description: z.string().optional(),
  publication: z.string().optional(),
  version: z.string().optional(),
  services: z.array(z.tuple([z.array(z.string()), z.array(z.string())])),
});
export type RdapBootstrap = z.infer<typeof rdapBootstrapSchema>;

/** The RDAP base URL of a domain's registry (ending in `/`), or null when it has none. */
export function rdapBaseUrlFor(bootstrap: RdapBootstrap, domain: string): string | null {
  const labels = domain.toLowerCase().split('.');
  // The longest matching entry wins (RFC 9224 section 4: "co.uk" before "uk").
  for (let start = 1; start < labels.length; start += 1) {
    const suffix = labels.slice(start).join('.');
    const service = bootstrap.services.find(([tlds]) =>
      tlds.some((tld) => tld.toLowerCase() === suffix),
    );
    if (!service) continue;
    const urls = service[1];
    const url = urls.find((candidate) => candidate.startsWith('https://')) ?? urls[0];
    if (url) return url.endsWith('/') ? url : `${url}/`;
  }
  return null;
}

/** `https://rdap.example/` + `domain/example.com`. */
export function rdapDomainUrl(baseUrl: string, domain: string): string {
  return `${baseUrl}domain/${encodeURIComponent(domain)}`;
}

const vcardSchema = z.tuple([z.literal('vcard'), z.array(z.array(z.unknown()))]);

const rdapEntitySchema: z.ZodType<RdapEntity> = z.lazy(() =>
  z.object({
    roles: z.array(z.string()).optional(),
    handle: z.string().optional(),
    vcardArray: z.unknown().optional(),
    entities: z.array(rdapEntitySchema).optional(),
  }),
);
interface RdapEntity {
  roles?: string[] | undefined;
  handle?: string | undefined;
  vcardArray?: unknown;
  entities?: RdapEntity[] | undefined;
}

export const rdapDomainSchema = z.object({
  objectClassName: z.literal('domain'),
  ldhName: z.string().optional(),
  status: z.array(z.string()).optional(),
  events: z
    .array(z.object({ eventAction: z.string(), eventDate: z.string().optional() }))
    .optional(),
  entities: z.array(rdapEntitySchema).optional(),
});

/** What a registry's answer says of a domain's registration. */
export interface RdapRegistration {
  /** ISO instant of the expiration event; null when the answer has none. */
  readonly expiresAt: string | null;
  readonly registrar: string | null;
  readonly statuses: readonly string[];
}

/** The `fn` (formatted name) of a vCard array, as RFC 9083 section 5.1 carries it. */
function vcardName(vcardArray: unknown): string | null {
  const parsed = vcardSchema.safeParse(vcardArray);
  if (!parsed.success) return null;
  for (const property of parsed.data[1]) {
    if (property[0] === 'fn' && typeof property[3] === 'string' && property[3].trim() !== '') {
      return property[3].trim();
    }
  }
  return null;
}

/** Reads a `domain/<name>` answer's JSON text: the registration, or null when it is not one. */
export function readRdapDomain(text: string): RdapRegistration | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = rdapDomainSchema.safeParse(json);
  if (!parsed.success) return null;
  const expiration = parsed.data.events?.find((event) => event.eventAction === 'expiration');
  const instant = expiration?.eventDate ? Date.parse(expiration.eventDate) : Number.NaN;
  const registrar = parsed.data.entities?.find((entity) => entity.roles?.includes('registrar'));
  return {
    expiresAt: Number.isNaN(instant) ? null : new Date(instant).toISOString(),
    registrar: registrar ? (vcardName(registrar.vcardArray) ?? registrar.handle ?? null) : null,
    statuses: parsed.data.status ?? [],
  };
}

/** What asking the registry gave: an answer read, or why there is none. */
export type RdapLookup =
  | { readonly kind: 'found'; readonly registration: RdapRegistration }
  /** No RDAP service for the domain's top-level domain in the bootstrap file. */
  | { readonly kind: 'no_service' }
  /** 404: the registry does not know the domain. */
  | { readonly kind: 'not_found' }
  /** 429 (with the Retry-After instant, when one was sent), or a refusal (401, 403). */
  | { readonly kind: 'refused'; readonly status: number; readonly retryAt: string | null }
  /** Any other failure: no answer in time, another status, an answer that is not RDAP JSON. */
  | { readonly kind: 'failed'; readonly reason: string };

/** Port: looks a domain up at its registry. */
export type RdapLookupPort = (domain: string) => Promise<RdapLookup>;

/** `Retry-After` (seconds or an HTTP date) as an instant after `now`, or null. */
export function retryAfterInstant(value: string | undefined, now: Date): string | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return new Date(now.getTime() + Number(text) * 1000).toISOString();
  const date = Date.parse(text);
  return Number.isNaN(date) || date <= now.getTime() ? null : new Date(date).toISOString();
}

/** Hours before a failed check is tried again (unless the registry said when). */
export const REGISTRATION_RETRY_HOURS = 1;

export interface RegistrationVerdict {
  readonly check: RegistrationCheck;
  /** The token's new expiry (the registry's later expiration), or null: it keeps its date. */
  readonly renewal: string | null;
}

function dayOf(instant: string): string {
  return instant.slice(0, 10);
}

/**
 * Judges a lookup for a token expiring at `tokenExpiresAt`: the check to store and whether the
 * token follows a later expiration.
 */
export function evaluateRegistrationLookup(options: {
  readonly domain: string;
  readonly lookup: RdapLookup;
  readonly previous: RegistrationCheck | null;
  readonly tokenExpiresAt: string;
  readonly now: Date;
}): RegistrationVerdict {
  const { lookup, previous, now } = options;
  const name = displayDomain(options.domain);
  const checkedAt = now.toISOString();
  const retry = new Date(now.getTime() + REGISTRATION_RETRY_HOURS * 3_600_000).toISOString();
  const failure = (
    status: RegistrationCheck['status'],
    error: string,
    retryAt: string | null,
  ): RegistrationVerdict => ({
    renewal: null,
    check: {
      checked_at: checkedAt,
      status,
      message:
        status === 'unsupported'
          ? `${error}; the date entered by hand is kept`
          : `${error}; the date is kept and the registry is asked again later`,
      expires_at: previous?.expires_at ?? null,
      registrar: previous?.registrar ?? null,
      statuses: previous?.statuses ?? [],
      last_error: error,
      retry_at: retryAt,
      consecutive_failures: (previous?.consecutive_failures ?? 0) + 1,
    },
  });
  switch (lookup.kind) {
    case 'no_service':
      return failure(
        'unsupported',
        `The registry of ${name} has no RDAP service (none is listed in IANA's bootstrap file)`,
        null,
      );
    case 'not_found':
      return failure(
        'unsupported',
        `The registry's RDAP service does not know ${name} (404)`,
        retry,
      );
    case 'refused':
      return failure(
        'failing',
        lookup.status === 429
          ? `The registry's RDAP service asked to wait (429 Too Many Requests)`
          : `The registry's RDAP service refused the request (${lookup.status})`,
        lookup.retryAt ?? retry,
      );
    case 'failed':
      return failure('failing', lookup.reason, retry);
    case 'found':
      break;
  }
  const { registration } = lookup;
  if (registration.expiresAt === null) {
    return failure('failing', `The registry's answer for ${name} has no expiration date`, retry);
  }
  if (registration.expiresAt <= checkedAt) {
    return failure(
      'failing',
      `The registry gives ${name} an expiration in the past (${dayOf(registration.expiresAt)})`,
      retry,
    );
  }
  const tokenDay = dayOf(options.tokenExpiresAt);
  const registryDay = dayOf(registration.expiresAt);
  // The registry is the authority: the token follows its date either way (a renewal moves it
  // later; a date typed wrong by hand is corrected).
  const renewed = registryDay > tokenDay;
  const registrar = registration.registrar ? ` at ${registration.registrar}` : '';
  return {
    renewal: registryDay === tokenDay ? null : registryDay,
    check: {
      checked_at: checkedAt,
      status: renewed ? 'renewed' : 'ok',
      message:
        registryDay === tokenDay
          ? `registered${registrar} until ${registryDay}`
          : `${renewed ? 'renewed' : 'corrected'}: registered${registrar} until ${registryDay} (was ${tokenDay})`,
      expires_at: registration.expiresAt,
      registrar: registration.registrar,
      statuses: [...registration.statuses],
      last_error: null,
      retry_at: null,
      consecutive_failures: 0,
    },
  };
}
