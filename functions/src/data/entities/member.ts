/**
 * The membership entity (ACCESS_PATTERNS.md rows 7, 8, 22a, 30, 31 and 53; codec pattern:
 * entity-codec.ts): a user's place in a workspace, `pk=WS#<workspaceId>`, `sk=MEMBER#<userId>`,
 * with the role and when they joined, and the user's index entry `gsi1pk=USER#<userId>`,
 * `gsi1sk=WS#<workspaceId>` (their workspaces; account deletion).
 *
 * Reading: workspace, user and join time are required. A role this version does not know (or
 * none) reads as null: such a membership grants no access (access checks answer 404, the user's
 * workspace lists leave it out) and the members list shows it as a viewer.
 */
import * as z from 'zod';
import { ROLES, type Role } from '@expiry-radar/shared/domain/roles';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface MemberRecord {
  readonly workspaceId: string;
  readonly userId: string;
  /** Null: a role this version does not know. */
  readonly role: Role | null;
  /** ISO instant. */
  readonly joinedAt: string;
}

export const memberItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  workspaceId: z.string(),
  userId: z.string(),
  role: z.enum(ROLES).nullable().catch(null),
  joinedAt: z.string(),
});

export type MemberItem = z.output<typeof memberItemSchema>;

export const memberCodec = {
  entity: 'MEMBER',
  itemSchema: memberItemSchema,

  keyOf: ({ workspaceId, userId }) => keys.membership(workspaceId, userId),

  toItem: ({ workspaceId, userId, role, joinedAt }) => ({
    ...keys.membership(workspaceId, userId),
    ...gsi1.membership(userId, workspaceId),
    workspaceId,
    userId,
    role,
    joinedAt,
  }),

  fromItem(item) {
    const { workspaceId, userId, role, joinedAt } = parseItem('MEMBER', memberItemSchema, item);
    return { workspaceId, userId, role, joinedAt };
  },
} satisfies EntityCodec<MemberRecord, MemberItem>;

/** A membership as it starts: joined now, with a known role. */
export function newMember(options: {
  workspaceId: string;
  userId: string;
  role: Role;
  now: Date;
}): MemberRecord {
  return {
    workspaceId: options.workspaceId,
    userId: options.userId,
    role: options.role,
    joinedAt: options.now.toISOString(),
  };
}
