import {
  CLIENT_ERROR_MESSAGES,
  clientErrorMessage,
} from '@expiry-radar/shared/errors/client-error-message';
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
