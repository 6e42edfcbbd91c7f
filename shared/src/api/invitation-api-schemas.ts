/**
 * The signed-in user's pending invitations: those sent to their current, verified address. A
 * membership starts only when they accept one; declining removes it.
 */
import * as z from 'zod';
import { emailSchema } from '../domain/email';
import { roleSchema } from '../domain/roles';
import { idSchema } from './common-schemas';
import { workspaceSchema } from './workspace-api-schemas';

export const pendingInvitationSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  workspace_name: z.string(),
  role: roleSchema,
  /** The display name of who sent it, or null when that account is gone. */
  invited_by_name: z.string().nullable(),
  invited_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const listInvitationsResponse = z.object({ items: z.array(pendingInvitationSchema) });

/** The joined workspace, with the role the invitation gave. */
export const acceptInvitationResponse = z.object({ workspace: workspaceSchema });

/**
 * What an invitation email's link carries (`/register?email=…&invitation=<id>`, or `/login?…` for
 * an address with an account): the invited address and the invitation's id.
 */
export const invitationPreviewQuery = z.object({ email: emailSchema, invitation: idSchema });

/**
 * The names the invitation email gave, as they were when it was sent (never more than the email
 * told its recipient), so the page can say "You were invited to {workspace} by {name}".
 */
export const invitationPreviewResponse = z.object({
  workspace_name: z.string(),
  inviter_name: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewResponse>;

/** Messages of the invitation routes, shown to the invitee. */
export const INVITATION_MESSAGES = {
  notFound: 'This invitation no longer exists.',
  workspaceGone: 'This workspace no longer exists.',
  workspaceFrozen:
    'This workspace is frozen for now, so it cannot take new members. Try again once its owner has upgraded.',
  alreadyMember: 'You are already a member of this workspace.',
  notEligible: 'Verify the email address this invitation was sent to before accepting it.',
} as const;
