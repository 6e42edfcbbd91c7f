/**
 * Machine codes of API error answers `{ error, code, details? }`, each with its HTTP
 * status and default human message. The web's catalogue (client-error-message) shows the server's
 * message for 400 and 403, so codes whose message users must read map to one of those.
 */
import * as z from 'zod';

export interface ErrorCodeDefinition {
  readonly status: number;
  readonly message: string;
}

export const ERROR_CODES = {
  VALIDATION_ERROR: { status: 400, message: 'Invalid request. Please check your input.' },
  UNAUTHORIZED: { status: 401, message: 'Please log in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  /** Not 401: the web treats 401 as an expired session and signs the user out. */
  INVALID_CURRENT_PASSWORD: { status: 400, message: 'Current password is incorrect' },
  INVALID_LINK: { status: 400, message: 'This link is invalid or has expired.' },
  FORBIDDEN: { status: 403, message: "Access denied. You don't have permission for this action." },
  EBADCSRFTOKEN: { status: 403, message: 'Invalid or missing CSRF token.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please verify your email address first.' },
  REAUTHENTICATION_REQUIRED: {
    status: 403,
    message: 'Please enter your password to confirm this action.',
  },
  /**
   * A member without two-factor authentication in a workspace whose admins require it. 403, so
   * the web shows the message, which says where to turn it on.
   */
  TWO_FACTOR_REQUIRED: {
    status: 403,
    message:
      'This workspace requires two-factor authentication. Turn it on in Account settings to use this workspace.',
  },
  /** A wrong, expired or already used code. Not 401: the web treats 401 as a lost session. */
  INVALID_TWO_FACTOR_CODE: {
    status: 400,
    message: 'That code is not valid. Enter the current code from your authenticator app.',
  },
  /** The second step of a sign-in without its pending sign-in (expired, used or never started). */
  TWO_FACTOR_SIGN_IN_EXPIRED: {
    status: 401,
    message: 'Your sign-in has expired. Please sign in again.',
  },
  /** Password, Google sign-in or a reset for an address whose organization requires SSO. */
  SSO_REQUIRED: {
    status: 403,
    message:
      'Your organization signs in with single sign-on. Use "Continue with SSO" with this address.',
  },
  NOT_FOUND: { status: 404, message: 'Resource not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  /** A body over Lambda's 6 MB request limit (the local runtime answers it like API Gateway). */
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  /** A write whose body is not declared `application/json` (a form or text/plain post). */
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Request body must be JSON (Content-Type: application/json).',
  },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state.' },
  /**
   * A write sent with `If-Match` (api/entity-tags) whose resource changed since the client read
   * it: nothing was written. The web shows the message where the user edits.
   */
  PRECONDITION_FAILED: {
    status: 412,
    message: 'Someone else changed this after you opened it. Your changes were not saved.',
  },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  PLAN_LIMIT: {
    status: 409,
    message: 'Your plan limit has been reached. Upgrade your plan to add more.',
  },
  WORKSPACE_FROZEN: {
    status: 403,
    message: 'This workspace is frozen. Upgrade your plan or transfer its tokens.',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  /*
   * A webhook test (`POST /api/test-webhook`) that did not reach a 2xx answer. 400, not 502: the
   * cause is the address the user typed, and the web shows a 400's message to the user.
   */
  WEBHOOK_BLOCKED: {
    status: 400,
    message:
      'This webhook address is not allowed: it points to a private, local or reserved network address.',
  },
  WEBHOOK_UNREACHABLE: {
    status: 400,
    message: 'Could not connect to the webhook. Check the URL and try again.',
  },
  WEBHOOK_TIMEOUT: { status: 400, message: 'The webhook did not answer in time.' },
  WEBHOOK_REJECTED: { status: 400, message: 'The webhook refused the test message.' },
  INTERNAL: { status: 500, message: 'Server error. Please try again later.' },
} as const satisfies Record<string, ErrorCodeDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];
export const errorCodeSchema = z.enum(ERROR_CODE_LIST as [ErrorCode, ...ErrorCode[]]);

/** One problem of a request, e.g. `{ path: 'name', message: 'Name is required' }`. */
export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The body of every error answer. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  details: z.array(errorDetailSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** An error body with the code's default message unless one is given. */
export function apiError(code: ErrorCode, message?: string, details?: ErrorDetail[]): ApiError {
  return {
    error: message ?? ERROR_CODES[code].message,
    code,
    ...(details && details.length > 0 ? { details } : {}),
  };
}
