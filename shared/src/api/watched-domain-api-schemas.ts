/**
 * The certificate transparency watch (domain/watched-domains): a workspace's watched domains
 * (`GET`, `POST /api/v1/workspaces/{id}/watched-domains`, `PATCH`, `DELETE …/{domain}`), the
 * certificates seen for them (with "Add to inventory":
 * `POST …/watched-domains/certificates/{certificateId}/inventory`) and the optional Cert Spotter
 * API key (`PUT /api/v1/workspaces/{id}/certificate-transparency-key`), never answered back; and
 * the message of the certificate transparency watch queue.
 */
import * as z from 'zod';
import {
  allowedIssuersField,
  CT_FINDING_STATUSES,
  WATCHED_DOMAIN_MESSAGES,
  watchedDomainField,
} from '../domain/watched-domains';
import { secretText } from '../domain/text-rules';
import { idSchema } from './common-schemas';

/** One watched domain to read (one message per domain due). */
export const ctWatchMessageSchema = z.object({
  workspaceId: z.string().min(1),
  /** The A-label. */
  domain: z.string().min(1),
});
export type CtWatchMessage = z.infer<typeof ctWatchMessageSchema>;

export const watchedDomainParams = z.object({
  id: idSchema,
  domain: watchedDomainField.describe('The watched domain (Unicode or A-labels).'),
});

export const ctFindingParams = z.object({
  id: idSchema,
  certificateId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, WATCHED_DOMAIN_MESSAGES.findingNotFound)
    .describe("The certificate's SHA-256 (cert_sha256) in lower-case hex."),
});

export const addWatchedDomainBody = z.object({
  domain: watchedDomainField,
  /** Also the certificates of every name under the domain (Cert Spotter's include_subdomains). */
  include_subdomains: z.boolean().default(true),
  /** Certificates seen are added to the inventory by themselves, without an alert. */
  auto_add: z.boolean().default(false),
  /** Issuers allowed to issue for the domain; empty: any. Others raise "unexpected issuer". */
  allowed_issuers: allowedIssuersField.default([]),
});
export type AddWatchedDomainBody = z.input<typeof addWatchedDomainBody>;

export const updateWatchedDomainBody = z
  .object({
    include_subdomains: z.boolean().optional(),
    auto_add: z.boolean().optional(),
    allowed_issuers: allowedIssuersField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send include_subdomains, auto_add or allowed_issuers',
  });
export type UpdateWatchedDomainBody = z.input<typeof updateWatchedDomainBody>;

export const watchedDomainSchema = z.object({
  /** The A-label, as stored. */
  domain: z.string(),
  /** The domain in Unicode, as people read it. */
  display_domain: z.string(),
  include_subdomains: z.boolean(),
  auto_add: z.boolean(),
  allowed_issuers: z.array(z.string()),
  added_at: z.string(),
  /** When its certificates were last read; null before the first read. */
  last_checked_at: z.string().nullable(),
  /** Why the last read failed (it resumes from the same position); null when it did not. */
  last_error: z.string().nullable(),
  /** When it is read next. */
  next_check_at: z.string(),
});
export type WatchedDomain = z.infer<typeof watchedDomainSchema>;

export const ctFindingSchema = z.object({
  /** cert_sha256, lower-case hex. */
  id: z.string(),
  /** The watched domain it was found for (A-label). */
  domain: z.string(),
  dns_names: z.array(z.string()),
  issuer: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  /** The issuer is not on the domain's allow-list. */
  unexpected_issuer: z.boolean(),
  status: z.enum(CT_FINDING_STATUSES),
  /** The token it became (added) or matched (in_inventory); null while new. */
  token_id: z.string().nullable(),
  /** "new certificate for shop.example.com by Let's Encrypt, valid until 2027-03-01" */
  message: z.string(),
  seen_at: z.string(),
});
export type CtFinding = z.infer<typeof ctFindingSchema>;

export const listWatchedDomainsResponse = z.object({
  items: z.array(watchedDomainSchema),
  /** The plan's watched domains per workspace; null: unlimited. */
  limit: z.number().int().nonnegative().nullable(),
  /** Whether a Cert Spotter API key is stored (the key itself is never answered). */
  api_key_set: z.boolean(),
  /** The certificates seen, newest first (at most 100). */
  certificates: z.array(ctFindingSchema),
});
export type ListWatchedDomainsResponse = z.infer<typeof listWatchedDomainsResponse>;

export const certificateTransparencyKeyBody = z.object({
  /** The Cert Spotter API key; null removes it (reads then go without one, at a lower rate). */
  api_key: z.union([
    secretText(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{8,200}$/, WATCHED_DOMAIN_MESSAGES.apiKeyInvalid),
    ),
    z.null(),
  ]),
});
export type CertificateTransparencyKeyBody = z.input<typeof certificateTransparencyKeyBody>;

export const certificateTransparencyKeyResponse = z.object({ api_key_set: z.boolean() });
