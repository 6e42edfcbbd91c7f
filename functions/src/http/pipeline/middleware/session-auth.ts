import type { RouteAuth } from '@expiry-radar/shared/api/route-table';
import { claimedUserIdOf, findActiveSessionWithUser } from '../../../data/session-records';
import { AppError } from '../../../platform/app-error';
import { SESSION_COOKIE } from '../cookies';
import type { HttpMiddleware, HttpStackState, WorkspaceOfEvent } from '../http-types';
import { workspaceAccessKeys } from '../../../services/workspaces/workspace-access';

/**
 * Loads the session named by the cookie and enforces who may call the route. For routes that
 * name their workspace up front, the workspace and the caller's membership are read in the same
 * round trip as the session.
 */
export function sessionAuth(
  auth: RouteAuth,
  prefetchWorkspaceOf?: WorkspaceOfEvent,
): HttpMiddleware {
  return {
    before: async ({ event, context }) => {
      const state = context.httpStack;
      await loadSession(state, state.cookies[SESSION_COOKIE], prefetchWorkspaceOf?.(event));
      if (auth === 'public') return;
      if (!state.session) throw new AppError('UNAUTHORIZED');
      if (auth === 'verifiedSession' && state.session.needsVerification) {
        throw new AppError('EMAIL_NOT_VERIFIED');
      }
    },
  };
}

async function loadSession(
  state: HttpStackState,
  sessionId: string | undefined,
  workspaceId: string | undefined,
): Promise<void> {
  if (!sessionId) return;
  const userId = claimedUserIdOf(sessionId);
  const alsoRead = workspaceId && userId ? workspaceAccessKeys(workspaceId, userId) : [];
  const found = await findActiveSessionWithUser(sessionId, state.now, alsoRead);
  if (!found) return;
  const { session, user } = found;
  state.session = {
    sessionId,
    user,
    needsVerification: !user.emailVerified,
    signedInAt: session.createdAt,
  };
  if (workspaceId && alsoRead.length > 0) {
    const [workspace, membership] = found.alsoRead;
    state.prefetchedWorkspace = { workspaceId, workspace, membership };
  }
}
