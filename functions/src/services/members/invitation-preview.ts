/**
 * What the sign-in and registration pages say about the invitation whose email link brought the
 * visitor: the workspace's and the inviter's names as that email gave them, never more. The link
 * carries the invited address and the invitation's id; both must match a pending invitation.
 */
import {
  INVITATION_MESSAGES,
  type InvitationPreview,
} from '@expiry-radar/shared/api/invitation-api-schemas';
import { INVITATION_RATE_LIMITS } from '../../domain/invitation-policy';
import { listInvitationsOfEmail } from '../../data/member-records';
import { AppError } from '../../platform/app-error';
import { enforceRateLimits } from '../accounts/account-rate-limits';

export async function invitationPreview(options: {
  email: string;
  invitationId: string;
  /** The caller's address: look-ups are limited per client address. */
  ip: string;
  now: Date;
}): Promise<InvitationPreview> {
  await enforceRateLimits([[INVITATION_RATE_LIMITS.previewPerIp, options.ip]], options.now);
  const invitation = (await listInvitationsOfEmail(options.email)).find(
    (candidate) => candidate.invitationId === options.invitationId,
  );
  // Invitations written before the names were kept answer like a missing one.
  if (invitation?.workspaceName === undefined || invitation.inviterName === undefined) {
    throw new AppError('NOT_FOUND', INVITATION_MESSAGES.notFound);
  }
  return { workspace_name: invitation.workspaceName, inviter_name: invitation.inviterName };
}
