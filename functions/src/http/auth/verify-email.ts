import {
  EMAIL_CHANGED_REDIRECT,
  INVALID_VERIFICATION_LINK_REDIRECT,
  VERIFIED_REDIRECT,
  verifiedRedirect,
} from '@expiry-radar/shared/api/verification-link';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { consumeAccountToken } from '../../data/account-token-records';
import {
  confirmEmailChange,
  EmailTakenError,
  findUserById,
  markEmailVerified,
} from '../../data/user-records';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { accountRoutes } from '@expiry-radar/shared/api/routes/account-routes';

export { VERIFIED_REDIRECT };
export const INVALID_LINK_REDIRECT = INVALID_VERIFICATION_LINK_REDIRECT;

/**
 * `GET /auth/verify-email?token=...`: the link of the verification email. Single use. A link
 * sent to the account's address verifies it; one sent to the address the user asked to move to
 * completes that change (the new address becomes the account's, verified, and the old one is
 * released), unless it was cancelled or replaced, or someone else took the address meanwhile.
 * A registration's link lands on the app path the user was headed to when the link was sent (a
 * plan's checkout), else the dashboard's welcome; a completed change on the dashboard that names
 * the new address.
 */
export const handler = createHttpHandler(accountRoutes.verifyEmail, async ({ query, now }) => {
  const token = await consumeAccountToken(query.token, 'verify-email', now);
  if (!token) return { redirectTo: INVALID_LINK_REDIRECT };
  const holder = await findUserById(token.userId);
  if (!holder) return { redirectTo: INVALID_LINK_REDIRECT };

  const emailChange = holder.pendingEmail === token.email && holder.email !== token.email;
  if (emailChange) {
    if (!(await completeEmailChange(holder, token.email, now))) {
      return { redirectTo: INVALID_LINK_REDIRECT };
    }
  } else if (!(await markEmailVerified(token.userId, token.email, now))) {
    return { redirectTo: INVALID_LINK_REDIRECT };
  }
  const user = await findUserById(token.userId);
  if (!user) return { redirectTo: INVALID_LINK_REDIRECT };
  await recordAccountEvent(user, AUDIT_ACTIONS.emailVerified, now, {
    ...(user.email !== holder.email ? { previousEmail: holder.email } : {}),
  });
  return { redirectTo: emailChange ? EMAIL_CHANGED_REDIRECT : verifiedRedirect(token.redirect) };
});

async function completeEmailChange(
  holder: { id: string; email: string },
  newEmail: string,
  now: Date,
): Promise<boolean> {
  try {
    return await confirmEmailChange(holder, newEmail, now);
  } catch (error) {
    if (error instanceof EmailTakenError) return false;
    throw error;
  }
}
