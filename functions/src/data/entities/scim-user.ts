/**
 * The SCIM user entity (ACCESS_PATTERNS.md, SCIM provisioning; codec pattern: entity-codec.ts):
 * an account the organization's identity provider provisioned, `pk=ORG#<ownerUserId>`,
 * `sk=SCIM_USER#<userId>` (the SCIM id is the account's id). It keeps what the provider sent
 * that the account itself does not hold (externalId, the name's parts) and whether the provider
 * has the person active; the address and display name live on the account.
 */
import * as z from 'zod';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface ScimUserRecord {
  readonly organizationId: string;
  readonly userId: string;
  readonly userName: string;
  readonly externalId: string | null;
  readonly givenName: string | null;
  readonly familyName: string | null;
  readonly active: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const scimUserItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SCIM_USER'),
  userName: z.string(),
  externalId: z.string().nullable().default(null),
  givenName: z.string().nullable().default(null),
  familyName: z.string().nullable().default(null),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ScimUserItem = z.output<typeof scimUserItemSchema>;

export const scimUserCodec = {
  entity: 'SCIM_USER',
  itemSchema: scimUserItemSchema,

  keyOf: ({ organizationId, userId }) => keys.scimUser(organizationId, userId),

  toItem: ({ organizationId, userId, ...stored }) => ({
    ...keys.scimUser(organizationId, userId),
    entity: 'SCIM_USER',
    ...stored,
  }),

  fromItem(item) {
    const { pk, sk, entity: _entity, ...stored } = parseItem('SCIM_USER', scimUserItemSchema, item);
    return {
      organizationId: requireKeyPart(
        'SCIM_USER',
        item,
        keyParts.organizationId(pk),
        'organization id',
      ),
      userId: requireKeyPart('SCIM_USER', item, keyParts.scimUserId(sk), 'user id'),
      ...stored,
    };
  },
} satisfies EntityCodec<ScimUserRecord, ScimUserItem>;
