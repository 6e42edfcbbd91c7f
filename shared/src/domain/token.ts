/** The token record: every field, as stored and as answered by the API. */
import * as z from 'zod';
import { categorySchema, tokenTypeSchema } from './categories';
import { tokenRegistrationSchema } from './domain-registrations';
import { ENDPOINT_CHECK_FREQUENCIES, tokenEndpointSchema } from './endpoints';

const text = z.string().nullable();

/**
 * Where a discovered token was found: the integration's kind and id and the token's id at the
 * source (a GitLab token id, an ACM certificate ARN, a Vault serial). Syncs match on these three;
 * `removed_at` is set when a sync no longer finds it (the token is kept, marked "removed at
 * source"). Scans of the command-line tool are sources too: kind `files` or `kubernetes`, the
 * scan's scope as the id (`files:<host>`, `kubernetes:<cluster>`), the file or resource as the
 * id at the source. Tokens typed in by hand have none.
 */
export const tokenSourceSchema = z.object({
  kind: z.enum(['aws', 'gitlab', 'vault', 'github', 'azure', 'gcp', 'files', 'kubernetes']),
  integration_id: z.string(),
  external_id: z.string(),
  removed_at: z.string().nullable(),
});
export type TokenSource = z.infer<typeof tokenSourceSchema>;

export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: tokenTypeSchema,
  category: categorySchema,
  /** `YYYY-MM-DD`, or an ISO date-time in UTC (`toISOString()`). */
  expiresAt: z.string(),
  section: text,
  domains: z.array(z.string()),
  location: text,
  used_by: text,
  contact_group_id: text,
  /**
   * The member (user id) who owns the token: they get its alerts whatever its contact group says,
   * and the dashboard's "Assigned to me" filter finds it. Absent or null: no owner.
   */
  owner_id: z.string().nullable().optional(),
  /**
   * More contact groups alerted for the token besides `contact_group_id` (or the workspace
   * default), each at its own thresholds. Absent: none.
   */
  additional_contact_group_ids: z.array(z.string()).optional(),
  /**
   * The token renews itself (a monitored certificate, an ACM-issued one): no threshold alerts,
   * one "renewal overdue" alert when it is not renewed by its grace point, then the thresholds
   * below it. Absent: false.
   */
  renews_automatically: z.boolean().optional(),
  /** Days before expiry of the grace point; null or absent: the workspace's. */
  renewal_grace_days: z.number().int().nullable().optional(),
  issuer: text,
  serial_number: text,
  subject: text,
  key_size: z.number().int().nullable(),
  algorithm: text,
  license_type: text,
  vendor: text,
  cost: z.number().nullable(),
  renewal_url: text,
  /** `YYYY-MM-DD` or ISO date-time, like expiresAt. */
  renewal_date: text,
  contacts: text,
  description: text,
  notes: text,
  /** Certificates: where the certificate is served, each with its last check (absent: none). */
  endpoints: z.array(tokenEndpointSchema).optional(),
  /** How often its endpoints are checked (absent: every 6 hours). */
  endpoint_check_frequency: z.enum(ENDPOINT_CHECK_FREQUENCIES).optional(),
  /** Domain registrations: the domain followed through RDAP, with its last check (absent: none). */
  registration: tokenRegistrationSchema.nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  workspace_id: z.string(),
  source: tokenSourceSchema.optional(),
});

export type Token = z.infer<typeof tokenSchema>;

/** What a user enters: the token without its id, timestamps and workspace. */
export type TokenFields = Omit<
  Token,
  'id' | 'created_at' | 'updated_at' | 'workspace_id' | 'source'
>;

/** Every field of a token but its name, type, category and expiry, empty: a new token's start. */
export function emptyTokenFields(): Omit<TokenFields, 'name' | 'type' | 'category' | 'expiresAt'> {
  return {
    section: null,
    domains: [],
    location: null,
    used_by: null,
    contact_group_id: null,
    issuer: null,
    serial_number: null,
    subject: null,
    key_size: null,
    algorithm: null,
    license_type: null,
    vendor: null,
    cost: null,
    renewal_url: null,
    renewal_date: null,
    contacts: null,
    description: null,
    notes: null,
  };
}

/** The optional text fields of a token: empty means null. */
export const OPTIONAL_TEXT_FIELDS = [
  'section',
  'location',
  'used_by',
  'issuer',
  'serial_number',
  'subject',
  'algorithm',
  'license_type',
  'vendor',
  'renewal_url',
  'contacts',
  'description',
  'notes',
] as const satisfies readonly (keyof TokenFields)[];

export type OptionalTextField = (typeof OPTIONAL_TEXT_FIELDS)[number];
