import { UPDATE_ACCOUNT_MESSAGES } from '@expiry-radar/shared/api/auth-schemas';
import { isRecentSignIn, RATE_LIMITS } from '../../domain/account-policy';
import { hashPassword, verifyPassword } from '../../domain/password-hashing';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  cancelEmailChange,
  findUserCredentials,
  findUserById,
  findUserIdByEmail,
  requestEmailChange,
  setPasswordHash,
  updateUserName,
} from '../../data/user-records';
import { AppError, badRequest } from '../../platform/app-error';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { sessionUser } from '../../services/accounts/session-body';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { endSessionsAndApiKeys } from '../../services/accounts/account-access';
import { sendSecurityNotice, sendVerificationEmail } from '../../services/accounts/account-mail';
import {
  limitLinkEmail,
  passwordCheckSucceeded,
  startPasswordCheck,
} from '../../services/accounts/account-rate-limits';
import { requireSession } from '../pipeline/require-session';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

const missingPassword = (message: string) =>
  badRequest(message, [{ path: 'currentPassword', message }]);

/**
 * `PUT /auth/account`: display name; a new email address, which stays pending (the current one
 * in force, the old address told) until the link sent to the new one is used, and is cancelled
 * by sending the current address again; a new password, which needs the current one and, unless
 * `signOutEverywhere` is false, ends the user's other sessions and revokes their API keys.
 * Asking for a new address needs the current password, or for accounts without one (Google
 * only) a sign-in within the last 10 minutes.
 */
export const handler = createHttpHandler(
  accountRoutes.updateAccount,
  async ({ body, session, now }) => {
    const { user, sessionId, signedInAt } = requireSession(session);
    const credentials = await findUserCredentials(user.id);
    if (!credentials) throw new AppError('UNAUTHORIZED');
    const hasPassword = credentials.passwordHash !== null;
    const emailChanges = body.email !== undefined && body.email !== user.email;
    const cancelsEmailChange = body.email === user.email && user.pendingEmail !== null;

    if (emailChanges && !hasPassword && !isRecentSignIn(signedInAt, now)) {
      throw new AppError('REAUTHENTICATION_REQUIRED', UPDATE_ACCOUNT_MESSAGES.recentSignInForEmail);
    }
    if (body.newPassword !== undefined || (emailChanges && hasPassword)) {
      if (!body.currentPassword) {
        throw missingPassword(
          body.newPassword !== undefined
            ? UPDATE_ACCOUNT_MESSAGES.currentPasswordRequired
            : UPDATE_ACCOUNT_MESSAGES.currentPasswordForEmail,
        );
      }
      await startPasswordCheck(user.email, { userId: user.id }, now);
      const matches =
        credentials.passwordHash !== null &&
        (await verifyPassword(body.currentPassword, credentials.passwordHash));
      if (!matches) throw new AppError('INVALID_CURRENT_PASSWORD');
      await passwordCheckSucceeded(user.email, { userId: user.id }, now);
    }

    const changed: string[] = [];
    const metadata: Record<string, unknown> = {};
    if (emailChanges && body.email) {
      const holder = await findUserIdByEmail(body.email);
      if (holder !== undefined && holder !== user.id) throw new AppError('EMAIL_TAKEN');
      await limitLinkEmail([RATE_LIMITS.emailChangePerUser, user.id], body.email, now);
      if (!(await requestEmailChange(user, body.email, now))) throw new AppError('UNAUTHORIZED');
      changed.push('pendingEmail');
      metadata.pendingEmail = body.email;
      await sendVerificationEmail({ ...user, email: body.email }, now, { emailChange: true });
      await sendSecurityNotice(user, { kind: 'email_change_requested', newEmail: body.email });
    }
    if (cancelsEmailChange) {
      await cancelEmailChange(user.id, now);
      changed.push('pendingEmail');
      metadata.cancelledEmail = user.pendingEmail;
    }
    if (body.name !== undefined && body.name !== user.name) {
      await updateUserName(user.id, body.name, now);
      changed.push('name');
    }
    if (body.newPassword !== undefined) {
      await setPasswordHash(user.id, await hashPassword(body.newPassword), now);
      const signedOutEverywhere = body.signOutEverywhere !== false;
      if (signedOutEverywhere) {
        Object.assign(
          metadata,
          await endSessionsAndApiKeys(user, now, {
            exceptSessionId: sessionId,
            reason: 'password_changed',
          }),
        );
      }
      changed.push('password');
      metadata.signedOutEverywhere = signedOutEverywhere;
      await sendSecurityNotice(user, { kind: 'password_changed', signedOutEverywhere });
    }

    const updated = (await findUserById(user.id)) ?? user;
    if (changed.length > 0) {
      await recordAccountEvent(updated, AUDIT_ACTIONS.updated, now, {
        fields: changed,
        ...metadata,
      });
    }
    return { body: { user: sessionUser(updated), needsVerification: !updated.emailVerified } };
  },
);
