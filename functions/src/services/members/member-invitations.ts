/**
 * Adding people to a workspace: every address, with an account or not, gets an invitation and an
 * email. Nobody joins until the owner of the address verifies it and accepts (invitation-answers).
 * The answer never says whether the address has an account, nor its name.
 */
import { resolveAppOrigin } from '../../adapters/app-origin';
import type { Member } from '@expiry-radar/shared/api/workspace-api-schemas';
import type { Role } from '@expiry-radar/shared/domain/roles';
import { sesMailer } from '../../adapters/ses-mailer';
import { invitationEmail, invitationNames } from '../../domain/invitation-email';
import { INVITATION_RATE_LIMITS } from '../../domain/invitation-policy';
import type { Mailer } from '../../domain/mailer';
import { MEMBER_POLICY_MESSAGES } from '../../domain/member-policy';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { createInvitation, findMember } from '../../data/member-records';
import { consumeRateLimit, rateLimitRetryAfterSeconds } from '../../data/rate-limiter';
import { findUserIdByEmail, type UserRecord } from '../../data/user-records';
import { AppError, rateLimited } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import type { WorkspaceAccess } from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import { withinMemberLimit } from './member-admission';
import { invitedMemberView } from './member-views';

/** Counts one invitation for the sender and for the address; 429 with a cooldown past either. */
async function consumeInvitationAllowance(actorId: string, email: string, now: Date) {
  for (const [rule, subject] of [
    [INVITATION_RATE_LIMITS.perActor, actorId],
    [INVITATION_RATE_LIMITS.perAddress, email],
  ] as const) {
    if (!(await consumeRateLimit(rule, subject, now))) {
      throw rateLimited(await rateLimitRetryAfterSeconds(rule, subject, now));
    }
  }
}

export async function inviteMember(options: {
  access: WorkspaceAccess;
  actor: UserRecord;
  email: string;
  role: Role;
  now: Date;
  mailer?: Mailer;
}): Promise<Member> {
  const { access, actor, role, now } = options;
  const email = options.email.toLowerCase();
  const userId = await findUserIdByEmail(email);
  if (userId && (await findMember(access.workspaceId, userId))) {
    throw new AppError('CONFLICT', MEMBER_POLICY_MESSAGES.alreadyMember);
  }
  await consumeInvitationAllowance(actor.id, email, now);
  const invitation = await withinMemberLimit(access, {
    count: 'asNew',
    admit: (guard) =>
      createInvitation(
        {
          workspaceId: access.workspaceId,
          email,
          role,
          invitedBy: actor.id,
          now,
          ...invitationNames({ inviterName: actor.displayName, workspaceName: access.name }),
        },
        guard,
      ),
  });
  if (!invitation) throw new AppError('CONFLICT', MEMBER_POLICY_MESSAGES.alreadyInvited);
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.memberInvited,
    target: { type: 'invitation', id: invitation.invitationId, name: invitation.email },
    metadata: { email: invitation.email, role },
    now,
  });
  // The invitation stands either way; a failed send is logged and can be redone by re-inviting.
  await (options.mailer ?? sesMailer)
    .send(
      invitationEmail({
        appOrigin: await resolveAppOrigin(),
        to: invitation.email,
        invitationId: invitation.invitationId,
        inviterName: actor.displayName,
        workspaceName: access.name,
        role,
        hasAccount: userId !== undefined,
      }),
    )
    .catch((error: unknown) =>
      logger.error('Invitation email not sent', { error: error as Error }),
    );
  return invitedMemberView(invitation);
}
