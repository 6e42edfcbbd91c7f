/**
 * The SSO connection entity (ACCESS_PATTERNS.md, enterprise sign-in; codec pattern:
 * entity-codec.ts): an organization's one single sign-on connection, `pk=ORG#<ownerUserId>`,
 * `sk=SSO_CONNECTION`. It names its protocol (OpenID Connect now; SAML's metadata and SCIM's
 * token hash become fields of this item), the provider's issuer and client (the client secret
 * sealed with the integration credentials' key), the workspace and role of people it creates,
 * and whether SSO is required for the organization's verified domains.
 */
import * as z from 'zod';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { roleSchema } from '@expiry-radar/shared/domain/roles';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface SsoConnectionRecord {
  readonly organizationId: string;
  readonly protocol: 'oidc';
  readonly issuer: string;
  readonly clientId: string;
  /** The client secret sealed (domain/credential-sealing.ts); never answered. */
  readonly sealedClientSecret: string;
  readonly defaultWorkspaceId: string;
  readonly defaultRole: Role;
  readonly requireSso: boolean;
  readonly updatedAt: string;
}

export const ssoConnectionItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SSO_CONNECTION'),
  protocol: z.literal('oidc'),
  issuer: z.string(),
  clientId: z.string(),
  sealedClientSecret: z.string(),
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
