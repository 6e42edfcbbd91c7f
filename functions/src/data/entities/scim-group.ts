/**
 * The SCIM group entity (ACCESS_PATTERNS.md, SCIM provisioning; codec pattern: entity-codec.ts):
 * `pk=ORG#<ownerUserId>`, `sk=SCIM_GROUP#<groupId>`, a group the identity provider pushed, and
 * the workspace and role its members get (set on the organization page; null: not mapped). SCIM
 * writes never touch the mapping. Its members are items of their own (scim-group-member.ts).
 */
import * as z from 'zod';
import { roleSchema, type Role } from '@expiry-radar/shared/domain/roles';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface ScimGroupRecord {
  readonly organizationId: string;
  readonly groupId: string;
  readonly displayName: string;
  readonly externalId: string | null;
  readonly workspaceId: string | null;
  readonly role: Role | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export const scimGroupItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  entity: z.literal('SCIM_GROUP'),
  displayName: z.string(),
  externalId: z.string().nullable().default(null),
  workspaceId: z.string().nullable().default(null),
  role: roleSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ScimGroupItem = z.output<typeof scimGroupItemSchema>;

export const scimGroupCodec = {
  entity: 'SCIM_GROUP',
  itemSchema: scimGroupItemSchema,

  keyOf: ({ organizationId, groupId }) => keys.scimGroup(organizationId, groupId),

  toItem: ({ organizationId, groupId, ...stored }) => ({
    ...keys.scimGroup(organizationId, groupId),
    entity: 'SCIM_GROUP',
    ...stored,
  }),

  fromItem(item) {
    const {
      pk,
      sk,
      entity: _entity,
      ...stored
    } = parseItem('SCIM_GROUP', scimGroupItemSchema, item);
    return {
      organizationId: requireKeyPart(
        'SCIM_GROUP',
        item,
        keyParts.organizationId(pk),
        'organization id',
      ),
      groupId: requireKeyPart('SCIM_GROUP', item, keyParts.scimGroupId(sk), 'group id'),
      ...stored,
    };
  },
} satisfies EntityCodec<ScimGroupRecord, ScimGroupItem>;
