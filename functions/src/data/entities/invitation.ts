/**
 * The invitation entity (ACCESS_PATTERNS.md rows 8, 30 and 31; codec pattern: entity-codec.ts):
 * a pending invitation of an address to a workspace, `pk=WS#<workspaceId>`,
 * `sk=INVITE#<lower-cased email>` (one per address and workspace), with its id, role, inviter
 * and time, and the address's index entry `gsi1pk=INVITE#<lower-cased email>`,
 * `gsi1sk=WS#<workspaceId>` (the invitations an address holds).
 *
 * Reading: every attribute is required but the role and the names (optional); a role this version does not know reads as
 * viewer (`.catch`).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { ROLES, type Role } from '@expiry-radar/shared/domain/roles';
import { gsi1, keys } from '../keys';
import { parseItem, type EntityCodec } from './entity-codec';

export interface InvitationRecord {
  readonly workspaceId: string;
  readonly invitationId: string;
  /** Lower-cased. */
  readonly email: string;
  readonly role: Role;
  /** The inviter's user id. */
  readonly invitedBy: string;
  /** ISO instant. */
  readonly invitedAt: string;
  /**
   * The workspace's and the inviter's names as the invitation email gave them (invitations written
   * before these were kept have neither).
   */
  readonly workspaceName?: string;
  readonly inviterName?: string;
}

export const invitationItemSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  gsi1pk: z.string(),
  gsi1sk: z.string(),
  workspaceId: z.string(),
  invitationId: z.string(),
  email: z.string(),
  role: z.enum(ROLES).catch('viewer'),
  invitedBy: z.string(),
  invitedAt: z.string(),
  workspaceName: z.string().optional(),
  inviterName: z.string().optional(),
});

export type InvitationItem = z.output<typeof invitationItemSchema>;

export const invitationCodec = {
  entity: 'INVITATION',
  itemSchema: invitationItemSchema,

  keyOf: ({ workspaceId, email }) => keys.invitation(workspaceId, email),

  toItem: (invitation) => ({
    ...keys.invitation(invitation.workspaceId, invitation.email),
    ...gsi1.invitation(invitation.email, invitation.workspaceId),
    workspaceId: invitation.workspaceId,
    invitationId: invitation.invitationId,
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    invitedAt: invitation.invitedAt,
    ...(invitation.workspaceName === undefined ? {} : { workspaceName: invitation.workspaceName }),
    ...(invitation.inviterName === undefined ? {} : { inviterName: invitation.inviterName }),
  }),

  fromItem(item) {
    const {
      pk: _pk,
      sk: _sk,
      gsi1pk: _gsi1pk,
      gsi1sk: _gsi1sk,
      ...invitation
    } = parseItem('INVITATION', invitationItemSchema, item);
    return invitation;
  },
} satisfies EntityCodec<InvitationRecord, InvitationItem>;

export interface NewInvitation {
  readonly workspaceId: string;
  readonly email: string;
  readonly role: Role;
  readonly invitedBy: string;
  readonly now: Date;
  /** The names the invitation email gives. */
  readonly workspaceName: string;
  readonly inviterName: string;
}

/** A new invitation with a fresh id; the address is lower-cased. */
export function newInvitation(options: NewInvitation): InvitationRecord {
  return {
    workspaceId: options.workspaceId,
    invitationId: randomUUID(),
    email: options.email.toLowerCase(),
    role: options.role,
    invitedBy: options.invitedBy,
    invitedAt: options.now.toISOString(),
    workspaceName: options.workspaceName,
    inviterName: options.inviterName,
  };
}
