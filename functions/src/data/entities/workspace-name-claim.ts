/**
 * The workspace name claim entity (ACCESS_PATTERNS.md row 28a; codec pattern: entity-codec.ts):
 * one item per name an owner uses, `pk=USER#<ownerId>`, `sk=WORKSPACE_NAME#<name key>` (the name
 * without regard to case, shared/domain/workspace-names), holding the workspace's id and the name
 * as written, with the owner's index entry (gsi1) that lets account deletion find it. Creating and
 * renaming a workspace put the claim in the same transaction as the workspace write, so two
 * concurrent requests cannot both take one name (data/workspace-names.ts).
 *
 * Reading: every attribute is required.
 */
import * as z from 'zod';
import { workspaceNameKey } from '@expiry-radar/shared/domain/workspace-names';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface WorkspaceNameClaimRecord {
  readonly ownerId: string;
  /** As written; the key holds its case-insensitive form. */
  readonly name: string;
  readonly workspaceId: string;
}

export const workspaceNameClaimItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  ownerId: z.string(),
  workspaceId: z.string(),
  name: z.string(),
});

export type WorkspaceNameClaimItem = z.output<typeof workspaceNameClaimItemSchema>;

export const workspaceNameClaimCodec = {
  entity: 'WORKSPACE_NAME_CLAIM',
  itemSchema: workspaceNameClaimItemSchema,

  keyOf: ({ ownerId, name }) => keys.workspaceName(ownerId, workspaceNameKey(name)),

  toItem: ({ ownerId, name, workspaceId }) => ({
    ...keys.workspaceName(ownerId, workspaceNameKey(name)),
    ...gsi1.workspaceName(ownerId, workspaceNameKey(name)),
    ownerId,
    workspaceId,
    name,
  }),

  fromItem(item) {
    const { ownerId, name, workspaceId } = parseItem(
      'WORKSPACE_NAME_CLAIM',
      workspaceNameClaimItemSchema,
      item,
    );
    return { ownerId, name, workspaceId };
  },
} satisfies EntityCodec<WorkspaceNameClaimRecord, WorkspaceNameClaimItem>;
