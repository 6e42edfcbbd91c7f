/** `POST /api/certificates/parse`: certificates read from PEM text, as the token form fills them. */
import * as z from 'zod';
import { tokenTypeSchema } from '../domain/categories';
import {
  CERTIFICATE_TEXT_MAX_LENGTH,
  CERTIFICATE_TEXT_REQUIRED,
  CERTIFICATE_TEXT_TOO_LONG,
  PRIVATE_KEY_MESSAGE,
  holdsPrivateKey,
} from '../domain/certificate-text';
import { multiLineText } from '../domain/text-rules';

export const parseCertificateBody = z.object({
  pem: multiLineText(
    z
      .string({ error: CERTIFICATE_TEXT_REQUIRED })
      .max(CERTIFICATE_TEXT_MAX_LENGTH, CERTIFICATE_TEXT_TOO_LONG)
      .refine((text) => text.trim() !== '', CERTIFICATE_TEXT_REQUIRED)
      .refine((text) => !holdsPrivateKey(text), PRIVATE_KEY_MESSAGE),
  ),
});
export type ParseCertificateBody = z.input<typeof parseCertificateBody>;

/** A certificate's values in the create form's fields (category cert), within their limits. */
export const certificateTokenFieldsSchema = z.object({
  name: z.string(),
  /** From its extended key usage: code signing, client only, else an SSL certificate. */
  type: tokenTypeSchema,
  /** `YYYY-MM-DD` of notAfter in UTC. */
  expiresAt: z.string(),
  domains: z.array(z.string()),
  issuer: z.string().nullable(),
  serial_number: z.string().nullable(),
  subject: z.string().nullable(),
  algorithm: z.string().nullable(),
  key_size: z.number().int().nullable(),
});
export type CertificateTokenFields = z.infer<typeof certificateTokenFieldsSchema>;

export const parsedCertificateSchema = z.object({
  /** Distinguished names on one line: `CN=example.com, O=Acme`. */
  subject: z.string(),
  issuer: z.string(),
  /** As OpenSSL writes them: `DNS:example.com`, `IP Address:192.0.2.1`, `email:…`. */
  subject_alt_names: z.array(z.string()),
  /** Upper-case hexadecimal. */
  serial_number: z.string(),
  /** ISO date-times. */
  not_before: z.string(),
  not_after: z.string(),
  /** `RSA`, `RSA-PSS`, `EC`, `Ed25519`, `Ed448`, `DSA`. */
  key_algorithm: z.string(),
  /** Bits of the RSA modulus or of the curve; null when unknown. */
  key_size: z.number().int().nullable(),
  /** `AB:CD:…`. */
  fingerprint_sha256: z.string(),
  /** This certificate and its issuers found in the same text, up to the root. */
  chain_length: z.number().int().positive(),
  token: certificateTokenFieldsSchema,
});
export type ParsedCertificate = z.infer<typeof parsedCertificateSchema>;

/**
 * The leaf certificates of the text (those that issued none of the others), in the text's order,
 * and how many of the text's certificates are issuers of another (a chain's intermediates and
 * root), which fill nothing.
 */
export const parseCertificateResponse = z.object({
  certificates: z.array(parsedCertificateSchema),
  chain_certificates: z.number().int().nonnegative(),
});
export type ParseCertificateResponse = z.infer<typeof parseCertificateResponse>;
