/**
 * Link emails of the account flows: create the single-use token, then send the email. An address
 * on the suppression list (SES reported it bouncing or complaining) gets none: the send is
 * skipped with the reason logged, and the flow answers as usual (it never tells whether an
 * address exists).
 */
import { resolveAppOrigin } from '../../adapters/app-origin';
import {
  EMAIL_VERIFICATION_LIFETIME_SECONDS,
  PASSWORD_RESET_LIFETIME_SECONDS,
} from '../../domain/account-policy';
import {
  accountExistsEmail,
  passwordResetEmail,
  securityNoticeEmail,
  verificationEmail,
  type SecurityNotice,
} from '../../domain/account-emails';
import type { EmailMessage, Mailer } from '../../domain/mailer';
import { sesMailer } from '../../adapters/ses-mailer';
import { createAccountToken } from '../../data/account-token-records';
import { findEmailSuppression } from '../../data/email-suppressions';
import type { UserRecord } from '../../data/user-records';
import { logger } from '../../platform/logger';

type Recipient = Pick<UserRecord, 'id' | 'email' | 'displayName'>;

/** True when the address is suppressed (and the skipped email logged with its reason). */
async function isSuppressed(user: Recipient, emailKind: string): Promise<boolean> {
  const suppression = await findEmailSuppression(user.email);
  if (!suppression) return false;
  logger.warn('Account email not sent: the address is on the suppression list', {
    userId: user.id,
    emailKind,
    reason: suppression.reason,
    reportedAt: suppression.reportedAt,
  });
  return true;
}

/** `redirect`: the app path the link lands on once used (a plan's checkout chosen before). */
export async function sendVerificationEmail(
  user: Recipient,
  now: Date,
  options: { emailChange?: boolean; mailer?: Mailer; redirect?: string } = {},
): Promise<void> {
  if (await isSuppressed(user, 'verification')) return;
  const token = await createAccountToken({
    purpose: 'verify-email',
    userId: user.id,
    email: user.email,
    lifetimeSeconds: EMAIL_VERIFICATION_LIFETIME_SECONDS,
    now,
    redirect: options.redirect,
  });
  await (options.mailer ?? sesMailer).send(
    verificationEmail({
      appOrigin: await resolveAppOrigin(),
      to: user.email,
      displayName: user.displayName,
      token,
      emailChange: options.emailChange,
    }),
  );
}

export async function sendPasswordResetEmail(
  user: Recipient,
  now: Date,
  mailer: Mailer = sesMailer,
): Promise<void> {
  if (await isSuppressed(user, 'password reset')) return;
  const token = await createAccountToken({
    purpose: 'reset-password',
    userId: user.id,
    email: user.email,
    lifetimeSeconds: PASSWORD_RESET_LIFETIME_SECONDS,
    now,
  });
  await mailer.send(
    passwordResetEmail({
      appOrigin: await resolveAppOrigin(),
      to: user.email,
      displayName: user.displayName,
      token,
    }),
  );
}

/** Tells the holder of an address that someone tried to register it (see accountExistsEmail). */
export async function sendAccountExistsEmail(
  user: Recipient,
  options: { hasPassword: boolean },
  mailer: Mailer = sesMailer,
): Promise<void> {
  if (await isSuppressed(user, 'account exists')) return;
  await mailer.send(
    accountExistsEmail({
      appOrigin: await resolveAppOrigin(),
      to: user.email,
      displayName: user.displayName,
      hasPassword: options.hasPassword,
    }),
  );
}

/** Tells the account's owner about a security change (suppressed addresses get none). */
export async function sendSecurityNotice(
  user: Recipient,
  notice: SecurityNotice,
  mailer: Mailer = sesMailer,
): Promise<void> {
  if (await isSuppressed(user, notice.kind)) return;
  await mailer.send(
    securityNoticeEmail({
      appOrigin: await resolveAppOrigin(),
      to: user.email,
      displayName: user.displayName,
      notice,
    }),
  );
}

/**
 * An email telling a user of a workspace that changed hands (a new owner, a workspace deleted with
 * its owner's account); suppressed addresses get none. A failed send is logged: the change it
 * tells of is done all the same.
 */
export async function sendWorkspaceNotice(
  user: Recipient,
  emailKind: string,
  email: (appOrigin: string) => EmailMessage,
  mailer: Mailer,
): Promise<void> {
  if (await isSuppressed(user, emailKind)) return;
  try {
    await mailer.send(email(await resolveAppOrigin()));
  } catch (error) {
    logger.error('A workspace email was not sent', { userId: user.id, emailKind, error });
  }
}
