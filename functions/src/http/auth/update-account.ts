import { UPDATE_ACCOUNT_MESSAGES } from '@expiry-radar/shared/api/auth-schemas';
import { RATE_LIMITS } from '../../domain/account-policy';
import { hashPassword, verifyPassword } from '../../domain/password-hashing';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { deleteSessionsOfUser } from '../../data/session-records';
import {
  changeEmail,
  EmailTakenError,
  findUserCredentials,
  findUserById,
  setPasswordHash,
  updateUserName,
} from '../../data/user-records';
import { AppError, badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { sessionUser } from '../../services/accounts/session-body';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { sendVerificationEmail } from '../../services/accounts/account-mail';
import {
  limitLinkEmail,
  passwordCheckSucceeded,
  startPasswordCheck,
} from '../../services/accounts/account-rate-limits';
import { requireSession } from '../pipeline/require-session';

/**
 * `PUT /auth/account`: display name; a new email address (the account needs verification again
 * and a link goes to the new address, limited per user and per new address); a new password,
 * which needs the current one and ends the user's other sessions. Changing the address of an
 * account with a password needs it too.
 */
export const handler = createHttpHandler('updateAccount', async ({ body, session, now }) => {
  const { user, sessionId } = requireSession(session);
  const credentials = await findUserCredentials(user.id);
  if (!credentials) throw new AppError('UNAUTHORIZED');
  const emailChanges = body.email !== undefined && body.email !== user.email;
  const needsCurrentPassword =
    body.newPassword !== undefined || (emailChanges && credentials.passwordHash !== null);

  if (needsCurrentPassword) {
    if (!body.currentPassword) {
      throw badRequest(UPDATE_ACCOUNT_MESSAGES.currentPasswordRequired, [
        { path: 'currentPassword', message: UPDATE_ACCOUNT_MESSAGES.currentPasswordRequired },
      ]);
    }
    await startPasswordCheck(user.email, { userId: user.id }, now);
    const matches =
      credentials.passwordHash !== null &&
      (await verifyPassword(body.currentPassword, credentials.passwordHash));
    if (!matches) throw new AppError('INVALID_CURRENT_PASSWORD');
    await passwordCheckSucceeded(user.email, { userId: user.id }, now);
  }

  const changed: string[] = [];
  if (emailChanges && body.email) {
    await limitLinkEmail([RATE_LIMITS.emailChangePerUser, user.id], body.email, now);
    try {
      await changeEmail(user, body.email, now);
    } catch (error) {
      if (error instanceof EmailTakenError) throw new AppError('EMAIL_TAKEN');
      throw error;
    }
    changed.push('email');
    await sendVerificationEmail({ ...user, email: body.email }, now, { emailChange: true });
  }
  if (body.name !== undefined && body.name !== user.name) {
    await updateUserName(user.id, body.name, now);
    changed.push('name');
  }
  if (body.newPassword !== undefined) {
    await setPasswordHash(user.id, await hashPassword(body.newPassword), now);
    await deleteSessionsOfUser(user.id, { exceptSessionId: sessionId });
    changed.push('password');
  }

  const updated = (await findUserById(user.id)) ?? user;
  if (changed.length > 0) {
    await recordAccountEvent(updated, AUDIT_ACTIONS.updated, now, {
      fields: changed,
      ...(changed.includes('email') ? { previousEmail: user.email } : {}),
    });
  }
  return { body: { user: sessionUser(updated), needsVerification: !updated.emailVerified } };
});
