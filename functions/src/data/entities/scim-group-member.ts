/**
 * The SCIM group membership entity (ACCESS_PATTERNS.md, SCIM provisioning; codec pattern:
 * entity-codec.ts): one person in one group, written twice in one transaction so both questions
 * are one Query: `sk=SCIM_GROUP_MEMBER#<groupId>#<userId>` (a group's members) and
 * `sk=SCIM_USER_GROUP#<userId>#<groupId>` (a person's groups), both under `pk=ORG#<ownerUserId>`.
 */
import * as z from 'zod';
import { keyParts, keys } from '../keys';
import { parseItem, requireKeyPart, type EntityCodec } from './entity-codec';

export interface ScimGroupMemberRecord {
  readonly organizationId: string;
  readonly groupId: string;
  readonly userId: string;
}

const itemSchema = (entity: 'SCIM_GROUP_MEMBER' | 'SCIM_USER_GROUP') =>
  z.object({
    pk: z.string(),
    sk: z.string(),
    entity: z.literal(entity),
    groupId: z.string(),
    userId: z.string(),
  });

export const scimGroupMemberItemSchema = itemSchema('SCIM_GROUP_MEMBER');
export const scimUserGroupItemSchema = itemSchema('SCIM_USER_GROUP');
type ScimGroupMemberItem = z.output<typeof scimGroupMemberItemSchema>;
type ScimUserGroupItem = z.output<typeof scimUserGroupItemSchema>;

function fromItemOf(
  entity: 'SCIM_GROUP_MEMBER' | 'SCIM_USER_GROUP',
  schema: ReturnType<typeof itemSchema>,
) {
  return (item: Record<string, unknown>): ScimGroupMemberRecord => {
    const { pk, groupId, userId } = parseItem(entity, schema, item);
    return {
      organizationId: requireKeyPart(entity, item, keyParts.organizationId(pk), 'organization id'),
      groupId,
      userId,
    };
  };
}

/** The item under the group (its members are listed from these). */
export const scimGroupMemberCodec = {
  entity: 'SCIM_GROUP_MEMBER',
  itemSchema: scimGroupMemberItemSchema,
  keyOf: ({ organizationId, groupId, userId }) =>
    keys.scimGroupMember(organizationId, groupId, userId),
  toItem: ({ organizationId, groupId, userId }) => ({
    ...keys.scimGroupMember(organizationId, groupId, userId),
    entity: 'SCIM_GROUP_MEMBER',
    groupId,
    userId,
  }),
  fromItem: fromItemOf('SCIM_GROUP_MEMBER', scimGroupMemberItemSchema),
} satisfies EntityCodec<ScimGroupMemberRecord, ScimGroupMemberItem>;

/** The same membership under the user (their groups are listed from these). */
export const scimUserGroupCodec = {
  entity: 'SCIM_USER_GROUP',
  itemSchema: scimUserGroupItemSchema,
  keyOf: ({ organizationId, groupId, userId }) =>
    keys.scimUserGroup(organizationId, userId, groupId),
  toItem: ({ organizationId, groupId, userId }) => ({
    ...keys.scimUserGroup(organizationId, userId, groupId),
    entity: 'SCIM_USER_GROUP',
    groupId,
    userId,
  }),
  fromItem: fromItemOf('SCIM_USER_GROUP', scimUserGroupItemSchema),
} satisfies EntityCodec<ScimGroupMemberRecord, ScimUserGroupItem>;
