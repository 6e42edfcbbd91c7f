import { WORKSPACE_NOT_FOUND_MESSAGE } from '@expiry-radar/shared/errors/workspace-not-found';
import { ApiError } from '../../../lib/api-client';

/** What a save of a token another member deleted meanwhile says. */
export const TOKEN_DELETED_MESSAGE = 'This token was deleted by someone else.';

/**
 * A conditional save (If-Match) refused because another member changed the token after it was
 * read: 412, nothing written.
 */
export function isTokenChangedMeanwhile(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 412;
}

/** A save refused because the token is not there any more (not the workspace's 404). */
export function isTokenDeleted(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 404 &&
    error.serverMessage !== WORKSPACE_NOT_FOUND_MESSAGE
  );
}
