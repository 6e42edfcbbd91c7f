import { timingSafeEqual } from 'node:crypto';
import { googleOpenIdProvider } from '../../adapters/google-openid-client';
import { defaultDisplayName } from '../../domain/account-policy';
import type { GoogleIdentity } from '../../domain/google-identity';
import { createAccount } from '../../data/account-records';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import {
  consumeGoogleSignInState,
  findUserIdByGoogleSubject,
  linkGoogleIdentity,
} from '../../data/google-sign-in-records';
import { createSession, deleteSession } from '../../data/session-records';
import { EmailTakenError, findUserById, findUserIdByEmail } from '../../data/user-records';
import type { UserRecord } from '../../data/user-records';
import { AppError } from '../../platform/app-error';
import { getConfig, isGoogleSignInConfigured } from '../../platform/config';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { logger } from '../../platform/logger';
import { recordAccountEvent } from '../../services/accounts/account-audit';
import { clientIp } from '../pipeline/client-ip';
import { clearedGoogleStateCookie, GOOGLE_STATE_COOKIE } from '../pipeline/google-state-cookie';
import { DEFAULT_SIGN_IN_REDIRECT } from './google-sign-in';
import { signInCookies } from '../pipeline/session-cookie';

export const GOOGLE_FAILED_REDIRECT = '/login?error=google_sign_in_failed';
export const GOOGLE_UNVERIFIED_REDIRECT = '/login?error=google_email_unverified';

/**
 * `GET /auth/google/callback`: checks the state against the browser's cookie and the stored
 * request, exchanges the code (PKCE, nonce), then signs in the linked account, links an account
 * with the same Google-verified address, or creates one.
 */
export const handler = createHttpHandler(
  'googleCallback',
  async ({ query, cookies, event, now, session, secureCookies }) => {
    const { google } = getConfig();
    if (!isGoogleSignInConfigured(google)) throw new AppError('NOT_FOUND');
    const clearState = clearedGoogleStateCookie(secureCookies);
    const fail = (redirectTo: string) => ({ redirectTo, cookies: [clearState] });

    const browserState = cookies[GOOGLE_STATE_COOKIE];
    if (query.error || !query.code || !query.state || !browserState) {
      return fail(GOOGLE_FAILED_REDIRECT);
    }
    if (!sameText(browserState, query.state)) return fail(GOOGLE_FAILED_REDIRECT);
    const pending = await consumeGoogleSignInState(query.state, now);
    if (!pending) return fail(GOOGLE_FAILED_REDIRECT);

    const callbackUrl = new URL(google.redirectUri);
    callbackUrl.search = event.rawQueryString;
    let identity: GoogleIdentity;
    try {
      identity = await googleOpenIdProvider(google).completeAuthorization(callbackUrl, {
        state: query.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      logger.warn('Google sign-in failed', { error: error as Error });
      return fail(GOOGLE_FAILED_REDIRECT);
    }

    const ip = clientIp(event);
    const outcome = await findOrCreateUser(identity, now, ip);
    if (!outcome) return fail(GOOGLE_UNVERIFIED_REDIRECT);

    if (session) await deleteSession(session.sessionId);
    const newSession = await createSession(outcome.user.id, now);
    await recordAccountEvent(outcome.user, AUDIT_ACTIONS.signedIn, now, { method: 'google', ip });
    const redirectTo =
      outcome.created && pending.redirect === DEFAULT_SIGN_IN_REDIRECT
        ? `${DEFAULT_SIGN_IN_REDIRECT}?new_user=true`
        : pending.redirect;
    return {
      redirectTo,
      cookies: [clearState, ...signInCookies(newSession, now, secureCookies)],
    };
  },
);

async function findOrCreateUser(
  identity: GoogleIdentity,
  now: Date,
  ip: string,
): Promise<{ user: UserRecord; created: boolean } | undefined> {
  const linkedUserId = await findUserIdByGoogleSubject(identity.subject);
  const linked = linkedUserId ? await findUserById(linkedUserId) : undefined;
  if (linked) return { user: linked, created: false };
  if (!identity.email || !identity.emailVerified) return undefined;

  const existingId = await findUserIdByEmail(identity.email);
  if (existingId) {
    await linkGoogleIdentity(existingId, identity.subject, now);
    const user = await findUserById(existingId);
    return user ? { user, created: false } : undefined;
  }
  try {
    const { user, workspaceId } = await createAccount(
      {
        email: identity.email,
        displayName: identity.name ?? defaultDisplayName(identity.email),
        name: identity.name ?? null,
        avatar: identity.picture ?? null,
        passwordHash: null,
        emailVerified: true,
        googleSubject: identity.subject,
      },
      now,
    );
    await recordAccountEvent(user, AUDIT_ACTIONS.registered, now, {
      method: 'google',
      workspaceId,
      ip,
    });
    return { user, created: true };
  } catch (error) {
    // Registered with this address a moment ago: link instead.
    if (!(error instanceof EmailTakenError)) throw error;
    return findOrCreateUser(identity, now, ip);
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
