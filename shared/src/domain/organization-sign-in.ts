/**
 * Enterprise sign-in of an organization (the workspaces one Team or Enterprise owner owns): the
 * email domains it verified through DNS, and its one single sign-on connection. The connection
 * names its protocol, so SAML and SCIM settings join it as more fields of the same item.
 */
import * as z from 'zod';
import { isValidDomainName } from './domain-names';
import { isPlanAtLeast, type Plan } from './plans';
import { roleSchema } from './roles';
import { multiLineText } from './text-rules';

/** SSO, SCIM and verified domains come with Team and above. */
export function planAllowsEnterpriseSignIn(plan: Plan): boolean {
  return isPlanAtLeast(plan, 'team');
}

/** The DNS name whose TXT record proves a domain: `_expiry-radar-verification.<domain>`. */
export const DOMAIN_VERIFICATION_LABEL = '_expiry-radar-verification';
export const DOMAIN_VERIFICATION_VALUE_PREFIX = 'expiry-radar-verification=';

export function domainVerificationRecordName(domain: string): string {
  return `${DOMAIN_VERIFICATION_LABEL}.${domain}`;
}

export function domainVerificationRecordValue(token: string): string {
  return `${DOMAIN_VERIFICATION_VALUE_PREFIX}${token}`;
}

export const INVALID_EMAIL_DOMAIN_MESSAGE =
  'Enter an email domain such as example.com (no @, no wildcard, no address).';

/** A DNS name's longest form (RFC 1035). */
export const EMAIL_DOMAIN_MAX_LENGTH = 253;

/** An email domain as typed: trimmed, lower-cased, a hostname of two or more labels. */
export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(
    EMAIL_DOMAIN_MAX_LENGTH,
    `An email domain must be ${EMAIL_DOMAIN_MAX_LENGTH} characters or less`,
  )
  .refine(
    (value) => !value.startsWith('*.') && isValidDomainName(value) && !/^[\d.]+$/.test(value),
    {
      message: INVALID_EMAIL_DOMAIN_MESSAGE,
    },
  );

/** The domain part of an address, lower-cased; undefined without one. */
export function emailDomainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

export const ISSUER_MESSAGE =
  'Enter the issuer URL your identity provider shows (https, e.g. https://login.microsoftonline.com/<tenant>/v2.0).';

/** https, or http on this machine only (a local provider). */
export function isAllowedIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * Expiry Radar as a SAML service provider at an app origin: its entity id (also where its
 * metadata is served) and its assertion consumer service (HTTP-POST).
 */
export function samlServiceProviderUrls(appOrigin: string) {
  return {
    entityId: `${appOrigin}/auth/saml/metadata`,
    acsUrl: `${appOrigin}/auth/saml/acs`,
  };
}

export const SAML_METADATA_MESSAGE =
  "Give the identity provider's SAML metadata: its URL, or the XML file.";
export const METADATA_URL_MESSAGE = 'Enter the metadata URL your identity provider shows (https).';

/** The connection's limits, each refused with its own words rather than the schema library's. */
export const SSO_CONNECTION_LIMITS = {
  issuer: { max: 500, message: 'The issuer URL must be 500 characters or less' },
  client_id: { max: 500, message: 'The client id must be 500 characters or less' },
  client_secret: { max: 2000, message: 'The client secret must be 2,000 characters or less' },
  metadata_url: { max: 2000, message: 'The metadata URL must be 2,000 characters or less' },
  metadata_xml: {
    max: 200_000,
    message: 'The IdP metadata file must be 200,000 characters or less',
  },
  default_workspace_id: { max: 100, message: 'The workspace id must be 100 characters or less' },
} as const;
const limit = SSO_CONNECTION_LIMITS;

/**
 * The connection as its owner saves it. OpenID Connect needs the issuer and client (the secret
 * omitted keeps the stored one); SAML needs the IdP metadata, as a URL (fetched when saving) or
 * the XML itself (omitted both: keep the stored metadata).
 */
export const ssoConnectionSettingsSchema = z
  .object({
    protocol: z.enum(SSO_PROTOCOLS).default('oidc'),
    issuer: z.string().trim().max(limit.issuer.max, limit.issuer.message).optional(),
    client_id: z.string().trim().max(limit.client_id.max, limit.client_id.message).optional(),
    /** Omitted: keep the stored secret (it is never shown again). */
    client_secret: z
      .string()
      .min(1, 'Enter the client secret.')
      .max(limit.client_secret.max, limit.client_secret.message)
      .optional(),
    metadata_url: z
      .string()
      .trim()
      .max(limit.metadata_url.max, limit.metadata_url.message)
      .optional(),
    metadata_xml: multiLineText(
      z.string().max(limit.metadata_xml.max, limit.metadata_xml.message),
    ).optional(),
    default_workspace_id: z
      .string()
      .trim()
      .min(1, 'Choose the workspace new people join.')
      .max(limit.default_workspace_id.max, limit.default_workspace_id.message),
    default_role: roleSchema.default('viewer'),
    require_sso: z.boolean().default(false),
    /** The provider enforces multi-factor sign-in: the product's own second step is skipped. */
    provider_enforces_mfa: z.boolean().default(false),
  })
  .superRefine((settings, context) => {
    if (settings.protocol === 'oidc') {
      if (!settings.issuer || !isAllowedIssuerUrl(settings.issuer)) {
        context.addIssue({ code: 'custom', path: ['issuer'], message: ISSUER_MESSAGE });
      }
      if (!settings.client_id) {
        context.addIssue({ code: 'custom', path: ['client_id'], message: 'Enter the client id.' });
      }
      return;
    }
    if (settings.metadata_url && !isAllowedIssuerUrl(settings.metadata_url)) {
      context.addIssue({ code: 'custom', path: ['metadata_url'], message: METADATA_URL_MESSAGE });
    }
  });
export type SsoConnectionSettings = z.output<typeof ssoConnectionSettingsSchema>;
export type SsoConnectionSettingsInput = z.input<typeof ssoConnectionSettingsSchema>;
