import {
  INVALID_VERIFICATION_LINK_REDIRECT,
  VERIFIED_REDIRECT,
  verifiedRedirect,
} from '@expiry-radar/shared/api/verification-link';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { consumeAccountToken } from '../../data/account-token-records';
import { findUserById, markEmailVerified } from '../../data/user-records';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { recordAccountEvent } from '../../services/accounts/account-audit';

export { VERIFIED_REDIRECT };
export const INVALID_LINK_REDIRECT = INVALID_VERIFICATION_LINK_REDIRECT;

/**
 * `GET /auth/verify-email?token=...`: the link of the verification email. Single use; valid only
 * while the address it was sent to is still the account's address. Lands on the app path the
 * user was headed to when the link was sent (a plan's checkout), else the dashboard's welcome.
 */
export const handler = createHttpHandler('verifyEmail', async ({ query, now }) => {
  const token = await consumeAccountToken(query.token, 'verify-email', now);
  if (!token) return { redirectTo: INVALID_LINK_REDIRECT };
  const verified = await markEmailVerified(token.userId, token.email, now);
  const user = verified ? await findUserById(token.userId) : undefined;
  if (!user) return { redirectTo: INVALID_LINK_REDIRECT };
  await recordAccountEvent(user, AUDIT_ACTIONS.emailVerified, now);
  return { redirectTo: verifiedRedirect(token.redirect) };
});
