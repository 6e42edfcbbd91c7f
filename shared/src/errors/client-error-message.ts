/** The web client's error catalogue (what each failure shows) as data and one pure function. */
import { SESSION_EXPIRED_REDIRECT_MS } from '../constants/timing';
import { isPublicPage } from './public-pages';

export const CLIENT_ERROR_MESSAGES = {
  badRequest: 'Invalid request. Please check your input.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: "Access denied. You don't have permission for this action.",
  notFound: 'Resource not found.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Server error. Please try again later.',
  network: 'Network error. Please check your connection and try again.',
  unexpected: 'An unexpected error occurred.',
  invalidCredentials: 'Invalid email or password',
} as const;

/** The code of a 401 that refuses an email and password (sign-in), not a session. */
export const CREDENTIALS_REFUSED_CODE = 'INVALID_CREDENTIALS';

export interface ClientErrorInput {
  /** The answer's HTTP status; absent when there was no answer or no HTTP error. */
  readonly status?: number;
  /** The answer's `error` field, if any. */
  readonly serverMessage?: string | null;
  /** The answer's `code` field, if any. */
  readonly code?: string | null;
  /** The page's location path (window.location.pathname). */
  readonly path: string;
  /** The request was sent but no answer came (network error, timeout). */
  readonly noResponse?: boolean;
}

export interface ClientErrorOutcome {
  readonly message: string;
  /** Show no toast. */
  readonly silent: boolean;
  /** Redirect to /login after this many ms. */
  readonly redirectToLoginAfterMs?: number;
}

function shown(message: string): ClientErrorOutcome {
  return { message, silent: false };
}

/**
 * What the client shows for a failed request. A 401 on a public page is silent (its message is
 * still returned, for logs); elsewhere it also asks for a redirect to /login after 800 ms; but a
 * 401 INVALID_CREDENTIALS (a wrong password at sign-in) is a refusal with its own message.
 * No status line ever reaches a user: a refusal with a status of its own (409 plan limits and
 * conflicts, 405, 413, 415, 429…) shows the server's message, and without one a 5xx shows the
 * server-error message and anything else the unexpected-error message.
 */
export function clientErrorMessage({
  status,
  serverMessage,
  code,
  path,
  noResponse,
}: ClientErrorInput): ClientErrorOutcome {
  const server = serverMessage?.trim() ? serverMessage.trim() : null;
  if (noResponse) return shown(CLIENT_ERROR_MESSAGES.network);
  if (status === undefined) return shown(CLIENT_ERROR_MESSAGES.unexpected);
  switch (status) {
    case 400:
      return shown(server ?? CLIENT_ERROR_MESSAGES.badRequest);
    case 401:
      // Wrong credentials at sign-in are a refusal, not an expired session.
      if (code === CREDENTIALS_REFUSED_CODE) {
        return shown(server ?? CLIENT_ERROR_MESSAGES.invalidCredentials);
      }
      return isPublicPage(path)
        ? { message: CLIENT_ERROR_MESSAGES.sessionExpired, silent: true }
        : {
            message: CLIENT_ERROR_MESSAGES.sessionExpired,
            silent: false,
            redirectToLoginAfterMs: SESSION_EXPIRED_REDIRECT_MS,
          };
    case 403:
      return shown(server ?? CLIENT_ERROR_MESSAGES.forbidden);
    case 404:
      return shown(CLIENT_ERROR_MESSAGES.notFound);
    case 429:
      return shown(server ?? CLIENT_ERROR_MESSAGES.tooManyRequests);
    case 500:
      return shown(CLIENT_ERROR_MESSAGES.serverError);
    default:
      return shown(
        server ??
          (status >= 500 ? CLIENT_ERROR_MESSAGES.serverError : CLIENT_ERROR_MESSAGES.unexpected),
      );
  }
}
