import { WORKSPACE_NOT_FOUND_MESSAGE } from '@expiry-radar/shared/errors/workspace-not-found';
import { ApiError } from '../../lib/api-client';

/**
 * Whether a workspace-scoped call was refused because the workspace is gone or the user is not a
 * member of it (any more): the server answers such a caller 404 "Workspace not found.", never 403,
 * so workspace ids cannot be probed. A 404 of one token answers another message.
 */
export function isWorkspaceRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 404 &&
    error.serverMessage === WORKSPACE_NOT_FOUND_MESSAGE
  );
}
