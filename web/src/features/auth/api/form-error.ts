import {
  CLIENT_ERROR_MESSAGES,
  clientErrorMessage,
} from '@expiry-radar/shared/errors/client-error-message';
import { retryAfterSecondsOf } from '@expiry-radar/shared/errors/retry-after';
import { ApiError } from '../../../lib/api-client';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

/**
 * The line a form shows when the server refused (the toast is silent on public pages): the
 * server's own message when it gave one, else the catalogue's; a bare 401 means bad credentials.
 */
export function formErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CLIENT_ERROR_MESSAGES.unexpected;
  if (error.serverMessage) return error.serverMessage;
  if (error.status === 401) return INVALID_CREDENTIALS_MESSAGE;
  return clientErrorMessage({
    status: error.status,
    noResponse: error.noResponse,
    path: window.location.pathname,
  }).message;
}

/** The seconds a refused request (429) was told to wait; undefined for any other failure. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  return retryAfterSecondsOf(error.details);
}
