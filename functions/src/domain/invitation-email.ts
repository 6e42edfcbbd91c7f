/**
 * The email to an invited address. The invitee signs in (or registers) with that address,
 * verifies it, and accepts the invitation in the app; nothing joins by itself.
 */
import { ROLE_LABELS, type Role } from '@expiry-radar/shared/domain/roles';
import { linkEmail } from './account-emails';
import { subjectText } from './email-subject-text';
import type { EmailMessage } from './mailer';

/** Names in the body are one line too, but may be longer than in the subject. */
const BODY_TEXT_MAX_LENGTH = 120;

/**
 * The workspace's and the inviter's names as the email's body gives them: one line each, cut at
 * 120 characters. The sign-in and registration pages show these very names (invitation preview).
 */
export function invitationNames(names: { inviterName: string; workspaceName: string }): {
  inviterName: string;
  workspaceName: string;
} {
  return {
    inviterName: subjectText(names.inviterName, BODY_TEXT_MAX_LENGTH),
    workspaceName: subjectText(names.workspaceName, BODY_TEXT_MAX_LENGTH),
  };
}

/**
 * `/login` for an address that has an account, else `/register`; both with the address (filled
 * in) and the invitation's id (the page looks up the names this email gives).
 */
export function invitationLink(
  appOrigin: string,
  invitation: { email: string; invitationId: string },
  hasAccount: boolean,
): string {
  const query = new URLSearchParams({
    email: invitation.email,
    invitation: invitation.invitationId,
  });
  return `${appOrigin}${hasAccount ? '/login' : '/register'}?${query.toString()}`;
}

export function invitationEmail(options: {
  appOrigin: string;
  to: string;
  invitationId: string;
  inviterName: string;
  workspaceName: string;
  role: Role;
  /** Whether the address has an account already (the link then goes to sign-in). */
  hasAccount: boolean;
}): EmailMessage {
  const { inviterName: inviter, workspaceName: workspace } = invitationNames(options);
  return linkEmail({
    to: options.to,
    subject: `${subjectText(options.inviterName)} invited you to ${subjectText(options.workspaceName)} on Expiry Radar`,
    greeting: 'Hello,',
    lines: [
      `${inviter} invited you to the workspace "${workspace}" as ${ROLE_LABELS[options.role]}.`,
      options.hasAccount
        ? 'Sign in with this email address, then accept the invitation under Workspaces.'
        : 'Create your account with this email address and verify it, then accept the invitation under Workspaces.',
    ],
    action: options.hasAccount ? 'Sign in to accept' : 'Create your account',
    url: invitationLink(
      options.appOrigin,
      { email: options.to, invitationId: options.invitationId },
      options.hasAccount,
    ),
    footer: 'If you did not expect this invitation, you can ignore this email or decline it.',
  });
}
