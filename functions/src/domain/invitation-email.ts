/** The email to an address invited to a workspace before it has an account. */
import { ROLE_LABELS, type Role } from '@expiry-radar/shared/domain/roles';
import { linkEmail } from './account-emails';
import type { EmailMessage } from './mailer';

export function invitationLink(appOrigin: string, email: string): string {
  return `${appOrigin}/register?email=${encodeURIComponent(email)}`;
}

export function invitationEmail(options: {
  appOrigin: string;
  to: string;
  inviterName: string;
  workspaceName: string;
  role: Role;
}): EmailMessage {
  return linkEmail({
    to: options.to,
    subject: `${options.inviterName} invited you to ${options.workspaceName} on Expiry Radar`,
    greeting: 'Hello,',
    lines: [
      `${options.inviterName} invited you to the workspace "${options.workspaceName}" as ${ROLE_LABELS[options.role]}.`,
      'Create your account (or sign in) with this email address and you join the workspace automatically.',
    ],
    action: 'Join the workspace',
    url: invitationLink(options.appOrigin, options.to),
    footer: 'If you did not expect this invitation, you can ignore this email.',
  });
}
