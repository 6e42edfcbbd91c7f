import type { RouteDefinition } from '@expiry-radar/shared/api/route-table';
import {
  claimedUserIdOf,
  findActiveSessionWithUser,
  lastUseIsDue,
  touchSession,
} from '../../../data/session-records';
import { AppError } from '../../../platform/app-error';
import { logger } from '../../../platform/logger';
import { setRequestApiKey } from '../../../platform/request-scope';
import { authorizationHeaderOf } from '../api-key-header';
import { SESSION_COOKIE } from '../cookies';
import type {
  HttpMiddleware,
  HttpStackState,
  ReadAheadOfEvent,
  WorkspaceOfEvent,
} from '../http-types';
import {
  authenticateApiKey,
  bearerSecretOf,
} from '../../../services/api-keys/api-key-authentication';
import { workspaceAccessKeys } from '../../../services/workspaces/workspace-access';

/**
 * Loads who is asking and enforces who may call the route: the session named by the cookie, or,
 * with `Authorization: Bearer er_…`, the API key's user within the key's scope (the route table's
 * `apiKey` says which keys a route takes; the header wins over a cookie). For routes that name
 * their workspace up front, the workspace and the caller's membership are read in the same
 * round trip as the user, and for a session a route's own read may start beside it
 * (`readAheadOf`). A route that needs the session writes its last use when an hour has passed
 * since the last write (most requests write nothing).
 */
export function sessionAuth(
  route: Pick<RouteDefinition, 'auth' | 'method' | 'apiKey'>,
  prefetchWorkspaceOf?: WorkspaceOfEvent,
  readAheadOf?: ReadAheadOfEvent<unknown>,
): HttpMiddleware {
  return {
    before: async ({ event, context }) => {
      const state = context.httpStack;
      const workspaceId = prefetchWorkspaceOf?.(event);
      const secret = bearerSecretOf(authorizationHeaderOf(event));
      if (secret !== undefined) {
        await loadApiKey(state, secret, route, workspaceId);
      } else {
        const sessionId = state.cookies[SESSION_COOKIE];
        if (readAheadOf && sessionId && claimedUserIdOf(sessionId)) {
          state.readAhead = startReadAhead(readAheadOf, event);
        }
        await loadSession(state, sessionId, workspaceId, { touch: route.auth !== 'public' });
      }
      if (route.auth === 'public') return;
      if (!state.session) throw new AppError('UNAUTHORIZED');
      if (route.auth === 'verifiedSession' && state.session.needsVerification) {
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

async function loadApiKey(
  state: HttpStackState,
  secret: string,
  route: Pick<RouteDefinition, 'method' | 'apiKey'>,
  workspaceId: string | undefined,
): Promise<void> {
  const { key, user, alsoRead } = await authenticateApiKey({
    secret,
    route,
    now: state.now,
    alsoReadFor: (userId) => (workspaceId ? workspaceAccessKeys(workspaceId, userId) : []),
  });
  setRequestApiKey({ id: key.id, name: key.name });
  state.session = {
    sessionId: `api-key:${key.id}`,
    user: { ...user, apiKeyWorkspaceId: key.workspaceId },
    needsVerification: !user.emailVerified,
    signedInAt: key.createdAt,
    apiKey: { id: key.id, name: key.name },
  };
  if (workspaceId) {
    const [workspace, membership] = alsoRead;
    state.prefetchedWorkspace = { workspaceId, workspace, membership };
  }
}

/**
 * The session's last use is for the user's list of sessions only: a request whose write of it
 * fails (throttled, say) is answered all the same, and a later request writes it.
 */
async function recordLastUse(sessionId: string, now: Date): Promise<void> {
  try {
    await touchSession(sessionId, now);
  } catch (error) {
    logger.warn("The session's last use was not written", { error });
  }
}

async function loadSession(
  state: HttpStackState,
  sessionId: string | undefined,
  workspaceId: string | undefined,
  options: { touch: boolean },
): Promise<void> {
  if (!sessionId) return;
  const userId = claimedUserIdOf(sessionId);
  const alsoRead = workspaceId && userId ? workspaceAccessKeys(workspaceId, userId) : [];
  const found = await findActiveSessionWithUser(sessionId, state.now, alsoRead);
  if (!found) return;
  const { session, user } = found;
  if (options.touch && lastUseIsDue(session, state.now)) await recordLastUse(sessionId, state.now);
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
