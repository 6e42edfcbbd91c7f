import type { SessionResponse } from '@expiry-radar/shared/api/auth-schemas';
import type { UserRecord } from '../../data/user-records';
import { getConfig, isGoogleSignInConfigured } from '../../platform/config';

/** The answer of GET /api/session, login and register: who is signed in and what is offered. */
export function sessionBody(user: UserRecord | undefined): SessionResponse {
  const features = { googleSignIn: isGoogleSignInConfigured(getConfig().google) };
  if (!user) return { loggedIn: false, features };
  return {
    loggedIn: true,
    user: sessionUser(user),
    needsVerification: !user.emailVerified,
    features,
  };
}

export function sessionUser(user: UserRecord) {
  return {
    id: user.id,
    displayName: user.displayName,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    plan: user.plan,
    downgraded: user.downgraded,
    twoFactorEnabled: user.twoFactorEnabled,
    pendingEmail: user.pendingEmail,
    createdAt: user.createdAt,
  };
}
