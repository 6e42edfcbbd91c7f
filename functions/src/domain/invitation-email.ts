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

/** `/login` for an address that has an account, else `/register` with the address filled in. */
export function invitationLink(appOrigin: string, email: string, hasAccount: boolean): string {
  return hasAccount
    ? `${appOrigin}/login`
    : `${appOrigin}/register?email=${encodeURIComponent(email)}&invitation=1`;
}

export function invitationEmail(options: {
  appOrigin: string;
  to: string;
  inviterName: string;
  workspaceName: string;
  role: Role;
  /** Whether the address has an account already (the link then goes to sign-in). */
  hasAccount: boolean;
}): EmailMessage {
  const inviter = subjectText(options.inviterName, BODY_TEXT_MAX_LENGTH);
  const workspace = subjectText(options.workspaceName, BODY_TEXT_MAX_LENGTH);
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
    url: invitationLink(options.appOrigin, options.to, options.hasAccount),
    footer: 'If you did not expect this invitation, you can ignore this email or decline it.',
  });
}
