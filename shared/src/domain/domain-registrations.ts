/**
 * A "Domain registration" token can follow its domain through RDAP, the registries' registration
 * data service: each check reads the registry's answer for the domain (its expiration event, its
 * registrar and its status), and a later expiration (a renewal at the registry) moves the token's
 * expiry. Where the registry has no RDAP service, refuses or answers nothing usable, the token keeps
 * the date entered by hand, and its last check says why.
 */
import * as z from 'zod';
import {
  REGISTERED_DOMAIN_MESSAGES,
  displayDomain,
  readRegisteredDomain,
} from './registered-domains';

/**
 * A check's status: `ok` (the registry's expiration is the token's), `renewed` (a later expiration,
 * which the token now follows), `failing` (the registry could not be read this time: it is asked
 * again later), `unsupported` (no RDAP service for the domain's top-level domain, or the registry
 * does not know the domain: the hand-entered date stays).
 */
export const REGISTRATION_CHECK_STATUSES = ['ok', 'renewed', 'failing', 'unsupported'] as const;
export type RegistrationCheckStatus = (typeof REGISTRATION_CHECK_STATUSES)[number];

/** Hours between checks of a domain's registration. */
export const REGISTRATION_CHECK_INTERVAL_HOURS = 24;

/** The outcome of the last check of a domain's registration. */
export const registrationCheckSchema = z.object({
  checked_at: z.string(),
  status: z.enum(REGISTRATION_CHECK_STATUSES),
  /** The outcome in words, for the dashboard. */
  message: z.string(),
  /** The registry's expiration event (ISO instant), null when none was read. */
  expires_at: z.string().nullable(),
  /** The registrar's name (the entity with the role "registrar"), null when none was given. */
  registrar: z.string().nullable(),
  /** The domain's RDAP status values (`active`, `client transfer prohibited`, …). */
  statuses: z.array(z.string()),
  /** Why the last check did not read an expiration; null when it did. */
  last_error: z.string().nullable(),
  /** When the registry is asked again (after a failure or a Retry-After), null: as scheduled. */
  retry_at: z.string().nullable(),
  consecutive_failures: z.number().int().nonnegative(),
});
export type RegistrationCheck = z.infer<typeof registrationCheckSchema>;

/** A token's followed domain (its A-label) and the last check of its registration. */
export const tokenRegistrationSchema = z.object({
  domain: z.string(),
  /** Absent or null until its first check. */
  last_check: registrationCheckSchema.nullable().optional(),
});
export type TokenRegistration = z.infer<typeof tokenRegistrationSchema>;

/**
 * The `registration_domain` field of the token forms and the API: the domain to follow (Unicode or
 * A-labels; stored as its A-label), or null/blank to stop following one.
 */
export const registrationDomainField = z
  .union([z.string(), z.null()], { error: REGISTERED_DOMAIN_MESSAGES.invalid })
  .transform((value, ctx): string | null => {
    if (value === null || value.trim() === '') return null;
    const reading = readRegisteredDomain(value);
    if ('problem' in reading) {
      ctx.addIssue({ code: 'custom', message: reading.problem });
      return z.NEVER;
    }
    return reading.domain;
  });

/** The words a check's outcome is shown with: `example.com: registered until 2027-03-01 …`. */
export function registrationSummary(registration: TokenRegistration): string {
  const check = registration.last_check;
  const name = displayDomain(registration.domain);
  if (!check) return `${name}: not checked yet`;
  return `${name}: ${check.message}`;
}

/**
 * A form's parsed token fields as the API takes them: the followed domain (`registration`, as the
 * schemas give it) goes back as `registration_domain` (null: stop following one); left out when
 * the token follows none and followed none before (`followedBefore`), so an edit of any other
 * token sends nothing about it.
 */
export function withRegistrationDomain<T extends { registration?: TokenRegistration | null }>(
  fields: T,
  followedBefore = false,
): Omit<T, 'registration'> & { registration_domain?: string | null } {
  const { registration, ...rest } = fields;
  if (registration === undefined || (registration === null && !followedBefore)) return rest;
  return { ...rest, registration_domain: registration?.domain ?? null };
}
