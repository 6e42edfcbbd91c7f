/**
 * The SSO connection entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): an organization's one single sign-on connection, `pk=ORG#<ownerUserId>`,
 * `sk=SSO_CONNECTION`. It names its protocol: OpenID Connect (the issuer and client, the client
 * secret sealed with the integration credentials' key) or SAML 2.0 (`issuer` is the IdP's entity
 * id; `saml` holds what its metadata gave). Then the workspace and role of people it creates,
 * whether SSO is required for the organization's verified domains, and whether the provider
 * enforces multi-factor sign-in (the product's own second step is then skipped).
 */
import * as z from 'zod';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { roleSchema } from '@expiry-radar/shared/domain/roles';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface SamlProviderSettings {
  /** Where the IdP metadata was read from; null when it was uploaded. */
  readonly metadataUrl: string | null;
  /** The IdP's SingleSignOnService (HTTP-Redirect binding). */
  readonly ssoUrl: string;
  /** The IdP's signing certificates, base64 DER as in its metadata. */
  readonly certificates: string[];
}

export interface SsoConnectionRecord {
  readonly organizationId: string;
  readonly protocol: 'oidc' | 'saml';
  /** OIDC: the issuer URL. SAML: the IdP's entity id. */
  readonly issuer: string;
  /** OIDC only. */
  readonly clientId?: string;
  /** OIDC only: the client secret sealed (domain/credential-sealing.ts); never answered. */
  readonly sealedClientSecret?: string;
  /** SAML only. */
  readonly saml?: SamlProviderSettings;
  /** Missing on connections saved before the setting existed: false. */
  readonly providerEnforcesMfa?: boolean;
  readonly defaultWorkspaceId: string;
  readonly defaultRole: Role;
  readonly requireSso: boolean;
  readonly updatedAt: string;
}

export const ssoConnectionItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SSO_CONNECTION'),
  protocol: z.enum(['oidc', 'saml']),
  issuer: z.string(),
  clientId: z.string().optional(),
  sealedClientSecret: z.string().optional(),
  saml: z
    .object({
      metadataUrl: z.string().nullable(),
      ssoUrl: z.string(),
      certificates: z.array(z.string()),
    })
    .optional(),
  providerEnforcesMfa: z.boolean().optional(),
  defaultWorkspaceId: z.string(),
  defaultRole: roleSchema,
  requireSso: z.boolean(),
  updatedAt: z.string(),
});

export type SsoConnectionItem = z.output<typeof ssoConnectionItemSchema>;

export const ssoConnectionCodec = {
  entity: 'SSO_CONNECTION',
  itemSchema: ssoConnectionItemSchema,

  keyOf: ({ organizationId }) => keys.ssoConnection(organizationId),

  toItem: ({ organizationId, ...stored }) => ({
    ...keys.ssoConnection(organizationId),
    entity: 'SSO_CONNECTION',
    ...stored,
  }),

  fromItem(item) {
    const {
      pk,
      sk: _sk,
      entity: _entity,
      ...stored
    } = parseItem('SSO_CONNECTION', ssoConnectionItemSchema, item);
    return {
      organizationId: requireKeyPart(
        'SSO_CONNECTION',
        item,
        keyParts.organizationId(pk),
        'organization id',
      ),
      ...stored,
    };
  },
} satisfies EntityCodec<SsoConnectionRecord, SsoConnectionItem>;
