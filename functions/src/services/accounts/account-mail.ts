/** Link emails of the account flows: create the single-use token, then send the email. */
import {
  EMAIL_VERIFICATION_LIFETIME_SECONDS,
  PASSWORD_RESET_LIFETIME_SECONDS,
} from '../../domain/account-policy';
import { passwordResetEmail, verificationEmail } from '../../domain/account-emails';
import type { Mailer } from '../../domain/mailer';
import { sesMailer } from '../../adapters/ses-mailer';
import { createAccountToken } from '../../data/account-token-records';
import type { UserRecord } from '../../data/user-records';
import { getConfig } from '../../platform/config';

type Recipient = Pick<UserRecord, 'id' | 'email' | 'displayName'>;

/** `redirect`: the app path the link lands on once used (a plan's checkout chosen before). */
export async function sendVerificationEmail(
  user: Recipient,
  now: Date,
  options: { emailChange?: boolean; mailer?: Mailer; redirect?: string } = {},
): Promise<void> {
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
      appOrigin: getConfig().appOrigin,
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
  const token = await createAccountToken({
    purpose: 'reset-password',
    userId: user.id,
    email: user.email,
    lifetimeSeconds: PASSWORD_RESET_LIFETIME_SECONDS,
    now,
  });
  await mailer.send(
    passwordResetEmail({
      appOrigin: getConfig().appOrigin,
      to: user.email,
      displayName: user.displayName,
      token,
    }),
  );
}
