import type { RouteAuth } from '@expiry-radar/shared/api/route-table';
import { findActiveSession } from '../../data/session-records';
import { findUserById } from '../../data/user-records';
import { AppError } from '../app-error';
import { SESSION_COOKIE } from '../cookies';
import type { HttpMiddleware, SignedInSession } from '../http-types';

/** Loads the session named by the cookie and enforces who may call the route. */
export function sessionAuth(auth: RouteAuth): HttpMiddleware {
  return {
    before: async ({ context }) => {
      const state = context.httpStack;
      state.session = await loadSession(state.cookies[SESSION_COOKIE], state.now);
      if (auth === 'public') return;
      if (!state.session) throw new AppError('UNAUTHORIZED');
      if (auth === 'verifiedSession' && state.session.needsVerification) {
        throw new AppError('EMAIL_NOT_VERIFIED');
      }
    },
  };
}

async function loadSession(
  sessionId: string | undefined,
  now: Date,
): Promise<SignedInSession | undefined> {
  if (!sessionId) return undefined;
  const session = await findActiveSession(sessionId, now);
  if (!session) return undefined;
  const user = await findUserById(session.userId);
  if (!user) return undefined;
  return { sessionId, user, needsVerification: !user.emailVerified };
}
