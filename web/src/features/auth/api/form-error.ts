import { CLIENT_ERROR_MESSAGES } from '@expiry-radar/shared/errors/client-error-message';
import { retryAfterSecondsOf } from '@expiry-radar/shared/errors/retry-after';
import { ApiError, refusalMessage } from '../../../lib/api-client';

/** Word for word the API's refusal, so a sign-in says it one way whichever way it was refused. */
export const INVALID_CREDENTIALS_MESSAGE = CLIENT_ERROR_MESSAGES.invalidCredentials;

/**
 * The line a form shows when the server refused (its call is silent, so this is the one place):
 * the refusal's message, and for a bare 401 that the credentials are wrong.
 */
export function formErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return error.serverMessage ?? INVALID_CREDENTIALS_MESSAGE;
  }
  return refusalMessage(error);
}

/** The seconds a refused request (429) was told to wait; undefined for any other failure. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return retryAfterSecondsOf(error.details);
}
