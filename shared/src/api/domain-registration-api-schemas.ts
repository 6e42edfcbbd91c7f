/**
 * Domain registrations: the registration check queue's message, and the bulk route that adds
 * domains to follow.
 */
import * as z from 'zod';
import { multiLineText } from '../domain/text-rules';
import { tokenSchema } from '../domain/token';
import { expiresAtField, sectionField } from '../domain/token-field-schemas';

/** One domain registration token to look up at its registry (one message per token). */
export const registrationCheckMessageSchema = z.object({
  workspaceId: z.string().min(1),
  tokenId: z.string().min(1),
  /** The A-label the token followed when the message was sent. */
  domain: z.string().min(1),
});
export type RegistrationCheckMessage = z.infer<typeof registrationCheckMessageSchema>;

/** Domains one bulk request may add. */
export const DOMAIN_REGISTRATIONS_PER_REQUEST = 100;

export const DOMAIN_BULK_MESSAGES = {
  required: 'Give at least one domain',
  tooMany: `At most ${DOMAIN_REGISTRATIONS_PER_REQUEST} domains at once`,
} as const;

/**
 * `POST /api/v1/workspaces/{id}/domain-registrations`: domains to follow, as a list or as text
 * (one per line, or separated by commas or spaces), with the expiry each new token keeps until its
 * registry answers (by hand: the registry may have no RDAP service).
 */
export const domainRegistrationsBody = z.object({
  domains: z
    .union([multiLineText(z.string()), z.array(z.string())], {
      error: DOMAIN_BULK_MESSAGES.required,
    })
    .transform((value) =>
      (typeof value === 'string' ? value.split(/[\s,]+/) : value)
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .refine((entries) => entries.length > 0, DOMAIN_BULK_MESSAGES.required)
    .refine(
      (entries) => entries.length <= DOMAIN_REGISTRATIONS_PER_REQUEST,
      DOMAIN_BULK_MESSAGES.tooMany,
    ),
  expiresAt: expiresAtField(() => new Date()),
  section: sectionField.optional(),
});
export type DomainRegistrationsBody = z.input<typeof domainRegistrationsBody>;

export const domainRegistrationsResponse = z.object({
  /** The tokens created, each following its domain (checked within the hour). */
  created: z.array(tokenSchema),
  /** Domains the workspace already follows: left as they are. */
  existing: z.array(z.object({ domain: z.string(), token_id: z.string() })),
  /** Entries that are not registered domains, each with why. */
  refused: z.array(z.object({ entry: z.string(), message: z.string() })),
});
export type DomainRegistrationsResponse = z.infer<typeof domainRegistrationsResponse>;
