/**
 * A workspace's trusted certificate authorities (domain/trusted-certificate-authorities):
 * `GET`, `POST /api/v1/workspaces/{id}/trusted-certificate-authorities` and
 * `DELETE …/trusted-certificate-authorities/{caId}`.
 */
import * as z from 'zod';
import { PRIVATE_KEY_MESSAGE, holdsPrivateKey } from '../domain/certificate-text';
import { multiLineText } from '../domain/text-rules';
import {
  TRUSTED_CA_ID_PATTERN,
  TRUSTED_CA_MESSAGES,
  TRUSTED_CA_PEM_MAX_LENGTH,
} from '../domain/trusted-certificate-authorities';
import { idSchema } from './common-schemas';

export const trustedCaParams = z.object({
  id: idSchema,
  caId: z
    .string()
    .trim()
    .toLowerCase()
    .regex(TRUSTED_CA_ID_PATTERN, TRUSTED_CA_MESSAGES.invalidId)
    .describe("The certificate authority's id: its SHA-256 fingerprint in lower-case hex."),
});

export const addTrustedCaBody = z.object({
  pem: multiLineText(
    z
      .string({ error: TRUSTED_CA_MESSAGES.pemRequired })
      .max(TRUSTED_CA_PEM_MAX_LENGTH, TRUSTED_CA_MESSAGES.pemTooLong)
      .refine((text) => text.trim() !== '', TRUSTED_CA_MESSAGES.pemRequired)
      .refine((text) => !holdsPrivateKey(text), PRIVATE_KEY_MESSAGE)
      .describe('One CA certificate in PEM form (basicConstraints CA:TRUE).'),
  ),
});
export type AddTrustedCaBody = z.input<typeof addTrustedCaBody>;

export const trustedCaSchema = z.object({
  /** Lower-case hexadecimal SHA-256 of the certificate (the fingerprint without colons). */
  id: z.string(),
  /** Distinguished names on one line: `CN=Acme Root CA, O=Acme`. */
  subject: z.string(),
  issuer: z.string(),
  /** ISO date-times. */
  not_before: z.string(),
  not_after: z.string(),
  /** `AB:CD:…`. */
  fingerprint_sha256: z.string(),
  /** The certificate as stored (PEM). */
  pem: z.string(),
  /** Who added it: their id and their address then (null once their account is deleted). */
  added_by: z.object({ id: z.string(), email: z.string().nullable() }),
  /** ISO date-time. */
  added_at: z.string(),
});
export type TrustedCa = z.infer<typeof trustedCaSchema>;

export const listTrustedCasResponse = z.object({
  /** Oldest first. */
  items: z.array(trustedCaSchema),
  /** The most a workspace trusts. */
  limit: z.number().int().positive(),
});
export type ListTrustedCasResponse = z.infer<typeof listTrustedCasResponse>;
