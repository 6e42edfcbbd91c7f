import type { RouteAuth } from '@expiry-radar/shared/api/route-table';
import { claimedUserIdOf, findActiveSessionWithUser } from '../../../data/session-records';
import { AppError } from '../../../platform/app-error';
import { SESSION_COOKIE } from '../cookies';
import type {
  HttpMiddleware,
  HttpStackState,
  ReadAheadOfEvent,
  WorkspaceOfEvent,
} from '../http-types';
import { workspaceAccessKeys } from '../../../services/workspaces/workspace-access';

/**
 * Loads the session named by the cookie and enforces who may call the route. For routes that
 * name their workspace up front, the workspace and the caller's membership are read in the same
 * round trip as the session, and a route's own read may start beside it (`readAheadOf`).
 */
export function sessionAuth(
  auth: RouteAuth,
  prefetchWorkspaceOf?: WorkspaceOfEvent,
  readAheadOf?: ReadAheadOfEvent<unknown>,
): HttpMiddleware {
  return {
    before: async ({ event, context }) => {
      const state = context.httpStack;
      const sessionId = state.cookies[SESSION_COOKIE];
      if (readAheadOf && sessionId && claimedUserIdOf(sessionId)) {
        state.readAhead = startReadAhead(readAheadOf, event);
      }
      await loadSession(state, sessionId, prefetchWorkspaceOf?.(event));
      if (auth === 'public') return;
      if (!state.session) throw new AppError('UNAUTHORIZED');
      if (auth === 'verifiedSession' && state.session.needsVerification) {
        throw new AppError('EMAIL_NOT_VERIFIED');
      }
    },
  };
}

/**
 * Started only for a request that names a session, so a request without one costs no read. Its
 * failure is marked handled here: a request refused before the handler never awaits it, and the
 * handler that does still sees the error.
 */
function startReadAhead(
  readAheadOf: ReadAheadOfEvent<unknown>,
  event: Parameters<ReadAheadOfEvent<unknown>>[0],
): Promise<unknown> | undefined {
  const readAhead = readAheadOf(event);
  readAhead?.catch(() => undefined);
  return readAhead;
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
