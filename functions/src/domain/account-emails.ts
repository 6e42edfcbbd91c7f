/**
 * The account emails, in text and HTML, with links built on the app's origin. User text (a
 * display name) is one capped line (email-text.ts) and escaped in HTML; every subject is one
 * line too, whoever builds it.
 */
import { escapeHtml, subjectText } from './email-text';
import type { EmailMessage } from './mailer';

const PRODUCT = 'Expiry Radar';

/** Whole subjects are capped here; user text within them has its own, shorter cap. */
export const SUBJECT_MAX_LENGTH = 150;
/** A display name in a greeting. */
export const NAME_IN_EMAIL_MAX_LENGTH = 80;

export function linkEmail(options: {
  to: string;
  subject: string;
  greeting: string;
  lines: readonly string[];
  action: string;
  url: string;
  footer: string;
}): EmailMessage {
  const text = [
    options.greeting,
    '',
    ...options.lines,
    '',
    `${options.action}: ${options.url}`,
    '',
    options.footer,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const paragraphs = options.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const html = [
    '<!doctype html><html><body style="font-family: Montserrat, Arial, sans-serif; color: #1f2933;">',
    `<p>${escapeHtml(options.greeting)}</p>`,
    paragraphs,
    `<p><a href="${escapeHtml(options.url)}" style="display: inline-block; padding: 12px 20px; background: #1e66f5; color: #ffffff; border-radius: 6px; text-decoration: none;">${escapeHtml(options.action)}</a></p>`,
    `<p style="font-size: 13px;">Or open this address: <a href="${escapeHtml(options.url)}">${escapeHtml(options.url)}</a></p>`,
    `<p style="font-size: 13px; color: #616e7c;">${escapeHtml(options.footer)}</p>`,
    `<p>— ${PRODUCT}</p>`,
    '</body></html>',
  ].join('');
  return { to: options.to, subject: subjectText(options.subject, SUBJECT_MAX_LENGTH), text, html };
}

function greetingFor(displayName: string): string {
  return `Hello ${subjectText(displayName, NAME_IN_EMAIL_MAX_LENGTH)},`;
}

export function verificationLink(appOrigin: string, token: string): string {
  return `${appOrigin}/auth/verify-email?token=${encodeURIComponent(token)}`;
}

export function passwordResetLink(appOrigin: string, token: string): string {
  return `${appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
}

export function verificationEmail(options: {
  appOrigin: string;
  to: string;
  displayName: string;
  token: string;
  /** True when confirming a changed address rather than a new account. */
  emailChange?: boolean;
}): EmailMessage {
  return linkEmail({
    to: options.to,
    subject: options.emailChange
      ? `Confirm your new email address for ${PRODUCT}`
      : `Verify your email address for ${PRODUCT}`,
    greeting: greetingFor(options.displayName),
    lines: [
      options.emailChange
        ? `Please confirm that ${options.to} is the new email address of your ${PRODUCT} account.`
        : `Thanks for signing up for ${PRODUCT}. Please confirm your email address to start tracking your expiring tokens.`,
      'The link is valid for 24 hours and can be used once.',
    ],
    action: options.emailChange ? 'Confirm email address' : 'Verify email address',
    url: verificationLink(options.appOrigin, options.token),
    footer: `If you did not ask for this, you can ignore this email.`,
  });
}

export function passwordResetEmail(options: {
  appOrigin: string;
  to: string;
  displayName: string;
  token: string;
}): EmailMessage {
  return linkEmail({
    to: options.to,
    subject: `Reset your ${PRODUCT} password`,
    greeting: greetingFor(options.displayName),
    lines: [
      `Someone asked to reset the password of your ${PRODUCT} account.`,
      'The link is valid for 30 minutes and can be used once. Setting a new password signs you out everywhere.',
    ],
    action: 'Choose a new password',
    url: passwordResetLink(options.appOrigin, options.token),
    footer: 'If you did not ask for this, you can ignore this email; your password stays the same.',
  });
}

/** The sign-in page, where the email sent on registering a taken address leads. */
export function signInLink(appOrigin: string): string {
  return `${appOrigin}/login`;
}

/**
 * To the holder of an address someone tried to register: registration answers the same whether
 * or not the address has an account, and its owner hears about the attempt here instead.
 */
export function accountExistsEmail(options: {
  appOrigin: string;
  to: string;
  displayName: string;
  /** False for an account that only signs in with Google. */
  hasPassword: boolean;
}): EmailMessage {
  return linkEmail({
    to: options.to,
    subject: `You already have an ${PRODUCT} account`,
    greeting: greetingFor(options.displayName),
    lines: [
      `Someone tried to create an ${PRODUCT} account with ${subjectText(options.to, SUBJECT_MAX_LENGTH)}, which already has one. No new account was made.`,
      options.hasPassword
        ? 'To use your account, sign in. Forgot your password? Choose "Forgot password?" on the sign-in page.'
        : 'Your account signs in with Google: choose "Sign in with Google" on the sign-in page.',
    ],
    action: 'Sign in',
    url: signInLink(options.appOrigin),
    footer: 'If this was not you, you can ignore this email: nothing changed in your account.',
  });
}

/** Account settings in the app, where each security notice's link leads. */
export function accountSettingsLink(appOrigin: string): string {
  return `${appOrigin}/dashboard?view=account`;
}

/** The changes to an account its owner is told about by email, whoever made them. */
export type SecurityNotice =
  | {
      readonly kind: 'password_changed';
      readonly signedOutEverywhere: boolean;
      /** Changed with a reset link: whoever did it was not signed in, so the owner cannot be either. */
      readonly byResetLink?: boolean;
    }
  | { readonly kind: 'two_factor_enabled' }
  | { readonly kind: 'two_factor_disabled' }
  | { readonly kind: 'recovery_code_used'; readonly codesLeft: number }
  | { readonly kind: 'email_change_requested'; readonly newEmail: string };

const NOT_YOU =
  'If this was not you, open Account settings, change your password and check your sign-in methods.';
/** After a reset the old password no longer signs in: the owner's way back is a reset of their own. */
const NOT_YOU_AFTER_RESET =
  'If this was not you, someone used a reset link sent to this address: choose a new password with "Forgot password?" on the sign-in page, and check who else can read this mailbox.';

function noticeWording(notice: SecurityNotice): { subject: string; lines: string[] } {
  switch (notice.kind) {
    case 'password_changed':
      return {
        subject: `Your ${PRODUCT} password was changed`,
        lines: [
          `The password of your ${PRODUCT} account was just changed.`,
          notice.signedOutEverywhere
            ? 'Every other session was signed out and every API key revoked.'
            : 'Other sessions and API keys were kept.',
        ],
      };
    case 'two_factor_enabled':
      return {
        subject: `Two-factor authentication is on for your ${PRODUCT} account`,
        lines: [
          'Two-factor authentication was just turned on: signing in now needs a code from your authenticator app.',
          'Every other session was signed out.',
        ],
      };
    case 'two_factor_disabled':
      return {
        subject: `Two-factor authentication is off for your ${PRODUCT} account`,
        lines: [
          'Two-factor authentication was just turned off: signing in no longer needs a code.',
        ],
      };
    case 'recovery_code_used':
      return {
        subject: `A recovery code was used to sign in to ${PRODUCT}`,
        lines: [
          `Someone signed in to your ${PRODUCT} account with one of its recovery codes instead of a code from the authenticator app.`,
          `${notice.codesLeft} recovery ${notice.codesLeft === 1 ? 'code is' : 'codes are'} left.`,
        ],
      };
    case 'email_change_requested':
      return {
        subject: `Your ${PRODUCT} email address is about to change`,
        lines: [
          `Someone asked to move your ${PRODUCT} account to ${subjectText(notice.newEmail, SUBJECT_MAX_LENGTH)}.`,
          'This address stays in force until the link sent to the new one is used. You can cancel the change in Account settings.',
        ],
      };
  }
}

export function securityNoticeEmail(options: {
  appOrigin: string;
  to: string;
  displayName: string;
  notice: SecurityNotice;
}): EmailMessage {
  const { subject, lines } = noticeWording(options.notice);
  const afterReset = options.notice.kind === 'password_changed' && options.notice.byResetLink;
  return linkEmail({
    to: options.to,
    subject,
    greeting: greetingFor(options.displayName),
    lines,
    ...(afterReset
      ? { action: 'Sign in', url: `${options.appOrigin}/login`, footer: NOT_YOU_AFTER_RESET }
      : {
          action: 'Open Account settings',
          url: accountSettingsLink(options.appOrigin),
          footer: NOT_YOU,
        }),
  });
}

/** Who a workspace email of a deleted account goes to, and about what. */
interface OwnerLeftOptions {
  appOrigin: string;
  to: string;
  displayName: string;
  workspaceName: string;
  ownerEmail: string;
}

/** An email to a member of a workspace whose owner deleted their account. */
function ownerLeftEmail(
  options: OwnerLeftOptions,
  wording: (workspace: string) => { subject: string; lines: string[] },
): EmailMessage {
  const workspace = subjectText(options.workspaceName, NAME_IN_EMAIL_MAX_LENGTH);
  const { subject, lines } = wording(workspace);
  return linkEmail({
    to: options.to,
    subject,
    greeting: greetingFor(options.displayName),
    lines,
    action: `Open ${PRODUCT}`,
    url: `${options.appOrigin}/dashboard`,
    footer: `You receive this email because you were a member of “${workspace}”.`,
  });
}

/** To each member of a workspace deleted with its owner's account (no admin or manager to take it). */
export function workspaceDeletedWithOwnerEmail(options: OwnerLeftOptions): EmailMessage {
  return ownerLeftEmail(options, (workspace) => ({
    subject: `The workspace “${workspace}” was deleted`,
    lines: [
      `${options.ownerEmail} deleted their ${PRODUCT} account, and with it the workspace “${workspace}” they owned, with its tokens: it had no admin or workspace manager to take it over.`,
      'Your own account and your other workspaces are unchanged.',
    ],
  }));
}

/** To the member who takes over a workspace whose owner deleted their account. */
export function workspaceHandedOverEmail(options: OwnerLeftOptions): EmailMessage {
  return ownerLeftEmail(options, (workspace) => ({
    subject: `You now own the workspace “${workspace}”`,
    lines: [
      `${options.ownerEmail} deleted their ${PRODUCT} account and handed you the workspace “${workspace}”, with its tokens and members. You are its admin now, and it counts towards your plan: if it takes you beyond your plan's limits, a workspace is frozen until you upgrade or make room.`,
    ],
  }));
}

/** To the member a workspace's owner handed it to (the owner stays, as a workspace manager). */
export function workspaceTransferredEmail(options: OwnerLeftOptions): EmailMessage {
  return ownerLeftEmail(options, (workspace) => ({
    subject: `You now own the workspace “${workspace}”`,
    lines: [
      `${options.ownerEmail} handed you the workspace “${workspace}”, with its tokens and members. You are its owner and admin now, it is on your plan, and ${options.ownerEmail} stays in it as a workspace manager.`,
    ],
  }));
}
