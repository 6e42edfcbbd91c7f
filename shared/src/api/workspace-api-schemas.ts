/** Workspaces, members and token transfer. */
import * as z from 'zod';
import {
  MEMBER_LIST_PAGE_SIZE,
  WORKSPACE_LIST_PAGE_SIZE,
  WORKSPACE_LOOKUP_PAGE_SIZE,
} from '../constants/paging';
import { emailSchema } from '../domain/email';
import { ID_MAX_LENGTH, workspaceIdSchema } from '../domain/ids';
import { planSchema } from '../domain/plans';
import { roleSchema } from '../domain/roles';
import { idSchema, pageOf, pagingQuery } from './common-schemas';

export const WORKSPACE_NAME_MAX_LENGTH = 100;
export const WORKSPACE_MESSAGES = {
  nameRequired: 'Workspace name is required',
  nameTooLong: `Workspace name must be ${WORKSPACE_NAME_MAX_LENGTH} characters or less`,
  roleRequired: 'Role is required',
  roleInvalid: 'Role must be workspace_manager or viewer',
  tokensRequired: 'Select at least one token',
  sourceRequired: 'Source workspace is required',
} as const;

/**
 * 409 when the owner already uses the name (without regard to case), naming their workspace:
 * 'You already have a workspace named "Client Acme"'.
 */
export function workspaceNameTakenMessage(existingName: string): string {
  return `You already have a workspace named "${existingName}"`;
}

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: planSchema,
  /** The current user's role in it. */
  role: roleSchema,
  is_frozen: z.boolean(),
  /** Its admins require two-factor authentication of every member (team and enterprise plans); the server always says. */
  require_two_factor: z.boolean().optional(),
  /**
   * How many tokens it holds (the server always says): the dashboard opens "Create New Token"
   * for an empty workspace and shows it collapsed once tokens exist, from its first render.
   */
  token_count: z.number().int().optional(),
  /**
   * Its owner's display name, as every member sees it on the members page: the list of
   * workspaces says it (the web tells apart workspaces of the same name by it); answers about one
   * workspace leave it out, and so does the list when the owner's account is gone.
   */
  owner_name: z
    .string()
    .optional()
    .describe("Its owner's display name; only the list of workspaces says it."),
});
export type Workspace = z.infer<typeof workspaceSchema>;

const workspaceName = z
  .string({ error: WORKSPACE_MESSAGES.nameRequired })
  .trim()
  .min(1, WORKSPACE_MESSAGES.nameRequired)
  .max(WORKSPACE_NAME_MAX_LENGTH, WORKSPACE_MESSAGES.nameTooLong);

/** Lists default to 50; lookups ask for up to 100. */
export const listWorkspacesQuery = pagingQuery(
  WORKSPACE_LIST_PAGE_SIZE,
  WORKSPACE_LOOKUP_PAGE_SIZE,
);
export const listWorkspacesResponse = pageOf(workspaceSchema);

/** A `plan` in the body is accepted and ignored: a workspace's plan is its owner's. */
export const createWorkspaceBody = z.object({ name: workspaceName, plan: planSchema.optional() });
export const renameWorkspaceBody = z.object({ name: workspaceName });

const CHOOSE_NEW_OWNER = 'Choose the member who becomes the new owner.';
/** The member who becomes the workspace's owner and admin (their user id). */
export const transferOwnershipBody = z.object({
  user_id: z
    .string({ error: CHOOSE_NEW_OWNER })
    .trim()
    .min(1, { error: CHOOSE_NEW_OWNER })
    .max(ID_MAX_LENGTH, { error: CHOOSE_NEW_OWNER }),
});

/**
 * A member, or a pending invitation (`status: 'invited'`, `user_id` is then the invitation's id
 * and `display_name` null until the person joins).
 */
export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: roleSchema,
  status: z.enum(['active', 'invited']),
  joined_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** The longest member search: an email address's length. */
export const MEMBER_SEARCH_MAX_LENGTH = 254;

/**
 * `GET …/members` query: a page, of the members and invitations whose name or address holds `q`
 * (without regard to case) when it is given.
 */
export const listMembersQuery = pagingQuery(MEMBER_LIST_PAGE_SIZE).extend({
  q: z
    .string()
    .trim()
    .max(MEMBER_SEARCH_MAX_LENGTH, `Search must be ${MEMBER_SEARCH_MAX_LENGTH} characters or less`)
    .optional(),
});

/** `DELETE …/members/{userId}`: the member who takes over the removed member's tokens. */
export const removeMemberQuery = z.object({ successor_id: idSchema.optional() });
export const listMembersResponse = pageOf(memberSchema);

/** Roles a member can be given; the admin role stays with the workspace's owner. */
export const ASSIGNABLE_ROLES = ['workspace_manager', 'viewer'] as const;
const roleField = z.enum(ASSIGNABLE_ROLES, {
  error: (issue) =>
    issue.input === undefined ? WORKSPACE_MESSAGES.roleRequired : WORKSPACE_MESSAGES.roleInvalid,
});

export const addMemberBody = z.object({ email: emailSchema, role: roleField });
export const updateMemberBody = z.object({ role: roleField });

/**
 * A transfer is one DynamoDB transaction (all or nothing): at most 100 items, two per token
 * (removed from the source, written to the target), two workspace counter updates and the two
 * workspaces' search index deltas.
 */
export const TRANSFER_MAX_TOKENS = 48;

/** `POST /api/v1/workspaces/{id}/transfer-tokens`: moves tokens from another workspace into `{id}`. */
export const transferTokensBody = z.object({
  from_workspace_id: workspaceIdSchema(WORKSPACE_MESSAGES.sourceRequired),
  token_ids: z
    .array(idSchema, { error: WORKSPACE_MESSAGES.tokensRequired })
    .min(1, WORKSPACE_MESSAGES.tokensRequired)
    .max(
      TRANSFER_MAX_TOKENS,
      `Transfer at most ${TRANSFER_MAX_TOKENS} tokens at a time, so that each transfer is all or nothing`,
    ),
});
export const transferTokensResponse = z.object({ transferred: z.number().int().nonnegative() });
