/** Schemas of the organization's verified domains, its SSO connection and the SSO sign-in. */
import * as z from 'zod';
import { emailSchema } from '../domain/email';
import {
  emailDomainSchema,
  SSO_PROTOCOLS,
  ssoConnectionSettingsSchema,
} from '../domain/organization-sign-in';
import { roleSchema } from '../domain/roles';
import { multiLineText } from '../domain/text-rules';

export const organizationDomainSchema = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  /** The TXT record to publish: its name and its value. */
  record_name: z.string(),
  record_value: z.string(),
  added_at: z.string(),
  verified_at: z.string().nullable(),
  last_check_error: z.string().nullable(),
});

export const samlProviderSchema = z.object({
  /** Where the metadata was read from; null when it was uploaded. */
  metadata_url: z.string().nullable(),
  /** The IdP's HTTP-Redirect sign-in URL and how many signing certificates it has. */
  sso_url: z.string(),
  certificates: z.number().int(),
});

export const ssoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  /** OIDC: the issuer URL; SAML: the IdP's entity id. */
  issuer: z.string(),
  /** OIDC only (empty for SAML). */
  client_id: z.string(),
  has_client_secret: z.boolean(),
  /** SAML only. */
  saml: samlProviderSchema.nullable(),
  provider_enforces_mfa: z.boolean(),
  default_workspace_id: z.string(),
  default_role: roleSchema,
  require_sso: z.boolean(),
  updated_at: z.string(),
});

export const organizationSignInResponse = z.object({
  allowed: z.boolean(),
  domains: z.array(organizationDomainSchema),
  connection: ssoConnectionSchema.nullable(),
});

export const addOrganizationDomainBody = z.object({ domain: emailDomainSchema });
export const organizationDomainParams = z.object({ domain: emailDomainSchema });
export const organizationDomainResponse = organizationDomainSchema;

export const saveSsoConnectionBody = ssoConnectionSettingsSchema;
export const ssoConnectionResponse = ssoConnectionSchema;

export const ssoLookupBody = z.object({ email: emailSchema });
export const ssoLookupResponse = z.object({
  sso: z.boolean(),
  /** Passwords, Google sign-in and resets are off for the address. */
  required: z.boolean(),
  /** Where the browser goes to sign in with the organization's provider. */
  sign_in_url: z.string().nullable(),
});

export const ssoSignInQuery = z.object({
  email: emailSchema,
  redirect: z.string().max(2000).optional(),
});

export const ssoCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

/** The IdP's HTTP-POST to our assertion consumer service (SAML 2.0 Web Browser SSO). */
export const samlAcsBody = z.object({
  SAMLResponse: multiLineText(z.string().max(500_000)),
  RelayState: z.string().max(500).optional(),
});

/** The SP metadata XML (application/samlmetadata+xml). */
export const samlMetadataResponse = z.string();
