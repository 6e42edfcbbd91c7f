import { appRedirectPath } from '@expiry-radar/shared/api/app-redirect';
import { IF_MATCH_HEADER } from '@expiry-radar/shared/api/entity-tags';
import { startUpRoutes } from '@expiry-radar/shared/api/start-up-routes';
import {
  CLIENT_ERROR_MESSAGES,
  clientErrorMessage,
} from '@expiry-radar/shared/errors/client-error-message';
import {
  retryAfterSecondsOf,
  tooManyRequestsFor,
  tryAgainIn,
} from '@expiry-radar/shared/errors/retry-after';
import { REQUEST_TIMEOUT_MS } from '@expiry-radar/shared/constants/timing';
import { assignLocation } from './browser-location';
import { logger } from './logger';
import { paths, withRedirect } from './paths';
import { dropAnswersAhead, takeAnswerAhead } from './requests-ahead';
import { routeLocation, type ApiRoute, type RouteInput } from './route-location';
import { showErrorToast } from './toasts';

/**
 * The HTTP engine of the SPA under `call` (api-call.ts): base URL from the runtime settings,
 * cookies sent, 10 s timeout, JSON bodies, the CSRF header on POST/PUT/PATCH/DELETE with one
 * refetch and retry on 403 EBADCSRFTOKEN, and every failure mapped through the error catalogue to
 * a toast (a 401 outside the public pages then sends the user to /login).
 *
 * It knows routes, never paths: a route (id, method, path) comes from the route table. Features
 * use `call`; only the start-up modules (the session, the CSRF token) use `requestRoute` with a
 * route of start-up-routes.ts, which keeps the route table's schemas out of the landing bundle.
 */
export type { ApiRoute, QueryValue } from './route-location';

export const CSRF_HEADER = 'X-CSRF-Token';
export const BAD_CSRF_CODE = 'EBADCSRFTOKEN';

/** Anything with zod's `parse` (zod or zod/mini schemas). */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/**
 * What a call sends: the values of the path's parameters, the query and the JSON body; and, for
 * a write made only while the resource is as read, its `If-Match` (shared/api/entity-tags).
 */
export interface ApiInput extends RouteInput {
  readonly body?: unknown;
  readonly ifMatch?: string;
}

export interface ApiCallOptions {
  /**
   * No toast for a failure: the caller shows `refusalMessage(error)` itself (inline, or as a toast
   * when it placed nothing at its fields), so each refusal shows once. An expired session is not
   * the caller's refusal: it still shows its toast and moves to sign-in (`isSessionExpired`).
   */
  silent?: boolean;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
}

export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly serverMessage: string | undefined;
  readonly details: unknown;
  readonly noResponse: boolean;

  constructor(
    message: string,
    init: {
      status?: number;
      code?: string;
      serverMessage?: string;
      details?: unknown;
      noResponse?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.details = init.details;
    this.noResponse = init.noResponse ?? false;
  }
}

function isMutation(method: ApiRoute['method']): boolean {
  return method !== 'GET';
}

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

function asErrorBody(value: unknown): ErrorBody {
  return typeof value === 'object' && value !== null ? value : {};
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch with the 10 s timeout; a caller's abort passes through as an AbortError. */
async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort);
  try {
    return await fetch(url, { ...init, credentials: 'include', signal: controller.signal });
  } catch (error) {
    if (signal?.aborted && !timedOut) throw error;
    throw new ApiError(timedOut ? 'Request timed out' : 'No response', { noResponse: true });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

let csrfToken: Promise<string> | null = null;
let loginRedirectTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * The answer asked for ahead, or undefined when its request failed (the exchange then sends its
 * own); rejects as the caller's abort if the caller gave up meanwhile.
 */
async function answerAhead(
  answer: Promise<Response>,
  signal?: AbortSignal,
): Promise<Response | undefined> {
  const response = await answer.catch(() => undefined);
  signal?.throwIfAborted();
  return response;
}

async function fetchCsrfToken(): Promise<string> {
  const response = await send(routeLocation(startUpRoutes.getCsrfToken), {
    method: 'GET',
    headers: { Accept: 'application/json' },
  });
  const body = await readBody(response);
  const token = (body as { csrfToken?: unknown } | undefined)?.csrfToken;
  if (!response.ok || typeof token !== 'string') {
    const { error, code } = asErrorBody(body);
    throw new ApiError('Could not get a CSRF token', {
      status: response.ok ? undefined : response.status,
      code: typeof code === 'string' ? code : undefined,
      serverMessage: typeof error === 'string' ? error : undefined,
    });
  }
  return token;
}

/** The cached CSRF token, fetched once (and again after a rejection). */
export function getCsrfToken(refresh = false): Promise<string> {
  if (refresh || !csrfToken) {
    const pending = fetchCsrfToken();
    csrfToken = pending;
    pending.catch(() => {
      if (csrfToken === pending) csrfToken = null;
    });
  }
  return csrfToken;
}

/**
 * Forgets the CSRF token: a new session started (it has a token of its own); and the answers
 * asked for ahead (the previous session's).
 */
export function forgetCsrfToken(): void {
  csrfToken = null;
  dropAnswersAhead();
}

/**
 * Forgets the CSRF token, the answers asked for ahead and a pending login redirect (tests; after
 * sign-out).
 */
export function resetApiClientState(): void {
  csrfToken = null;
  dropAnswersAhead();
  if (loginRedirectTimer !== null) clearTimeout(loginRedirectTimer);
  loginRedirectTimer = null;
}

/** /login leading back to the page the user is on once they have signed in again. */
function loginBackHere(): string {
  const { pathname, search, hash } = window.location;
  return withRedirect(paths.login, appRedirectPath(`${pathname}${search}${hash}`));
}

function scheduleLoginRedirect(delayMs: number): void {
  if (loginRedirectTimer !== null) return;
  loginRedirectTimer = setTimeout(() => {
    loginRedirectTimer = null;
    assignLocation(loginBackHere());
  }, delayMs);
}

function outcomeOf(error: unknown) {
  const api = error instanceof ApiError ? error : null;
  return clientErrorMessage({
    status: api?.status,
    serverMessage: api?.serverMessage,
    code: api?.code,
    noResponse: api?.noResponse,
    path: window.location.pathname,
  });
}

/**
 * The one message a failed call shows, as a toast or in the form that sent it: the catalogue's
 * (the server's own message for a refusal), and for a 429 when to try again.
 */
export function refusalMessage(error: unknown): string {
  if (!(error instanceof Error)) return CLIENT_ERROR_MESSAGES.unexpected;
  const { message } = outcomeOf(error);
  const wait =
    error instanceof ApiError && error.status === 429
      ? retryAfterSecondsOf(error.details)
      : undefined;
  if (!wait || /try again in/i.test(message)) return message;
  // The catalogue's "wait a moment" gives way to the wait itself: one wait per message.
  return message === CLIENT_ERROR_MESSAGES.tooManyRequests
    ? tooManyRequestsFor(wait)
    : `${message} ${tryAgainIn(wait)}.`;
}

/**
 * The session ended (signed out in another tab, expired) outside the public pages: the client
 * has said so in a toast and is moving to sign-in, so a form shows nothing of it itself.
 */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && outcomeOf(error).redirectToLoginAfterMs !== undefined;
}

/**
 * What a form shows beside its fields for a failed silent call: the refusal's message, or null
 * when the session expired, which the client's toast says (on its way to sign-in) and the form
 * would only repeat.
 */
export function formRefusal(error: unknown): string | null {
  return isSessionExpired(error) ? null : refusalMessage(error);
}

/** The server refused the request (a 4xx answer): the app says why; nothing went wrong. */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500
  );
}

/**
 * Logs a failed call once: a refusal (4xx), which the app shows and handles, as one information
 * line without a stack trace; anything else (5xx, no answer, an unexpected answer) as a warning
 * with the error.
 */
function logFailure(error: unknown, message: string): void {
  if (isRefusal(error)) {
    logger.info(
      `Request refused (${error.status}${error.code ? ` ${error.code}` : ''}): ${message}`,
    );
  } else {
    logger.warn('Request failed:', message, error);
  }
}

/** Shows a refusal's one message as a toast: a form called silently and placed none of it. */
export function toastRefusal(error: unknown): void {
  showErrorToast(refusalMessage(error));
}

/**
 * Shows the catalogue's message for a failure (unless silent: the caller shows it itself, see
 * `refusalMessage`); an expired session, whoever called, shows its toast and schedules the move
 * to sign-in (back to this page afterwards).
 */
export function reportApiError(error: unknown, silent = false): void {
  const outcome = outcomeOf(error);
  const message = refusalMessage(error);
  logFailure(error, message);
  const sessionExpired = outcome.redirectToLoginAfterMs !== undefined;
  if (!outcome.silent && (!silent || sessionExpired)) showErrorToast(message);
  if (outcome.redirectToLoginAfterMs !== undefined) {
    scheduleLoginRedirect(outcome.redirectToLoginAfterMs);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * Sends the request (the CSRF header on mutations, one refetch and retry on 403 EBADCSRFTOKEN)
 * and resolves with the successful response; any other answer rejects with its ApiError.
 */
export async function exchange(
  route: ApiRoute,
  input: ApiInput,
  accept: string,
  signal?: AbortSignal,
): Promise<Response> {
  const { method } = route;
  const url = routeLocation(route, input);
  const headers: Record<string, string> = { Accept: accept };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  if (input.ifMatch !== undefined) headers[IF_MATCH_HEADER] = input.ifMatch;
  const body = input.body === undefined ? undefined : JSON.stringify(input.body);

  // A change makes every answer asked for ahead stale.
  if (isMutation(method)) dropAnswersAhead();
  for (let attempt = 0; ; attempt += 1) {
    if (isMutation(method)) headers[CSRF_HEADER] = await getCsrfToken(attempt > 0);
    const ahead = attempt === 0 && !isMutation(method) ? takeAnswerAhead(url, accept) : undefined;
    const response =
      (ahead && (await answerAhead(ahead, signal))) ??
      (await send(url, { method, headers, body }, signal));
    if (response.ok) return response;
    const { error, code, details } = asErrorBody(await readBody(response));
    if (response.status === 403 && code === BAD_CSRF_CODE && isMutation(method) && attempt === 0) {
      continue;
    }
    throw new ApiError(typeof error === 'string' ? error : `Request failed (${response.status})`, {
      status: response.status,
      code: typeof code === 'string' ? code : undefined,
      serverMessage: typeof error === 'string' ? error : undefined,
      details,
    });
  }
}

/**
 * Runs `task`; a failure other than the caller's abort is reported (toast unless silent, the 401
 * redirect) and rejects as an ApiError.
 */
export async function reported<T>(task: () => Promise<T>, silent = false): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (isAbort(error)) throw error;
    reportApiError(error, silent);
    throw error instanceof ApiError ? error : new ApiError('Unexpected error');
  }
}

/**
 * Calls a route and answers its JSON, checked by `schema` when one is given. Features use `call`,
 * which passes the route table's answer schema.
 */
export function requestRoute<T = unknown>(
  route: ApiRoute,
  input: ApiInput = {},
  options: ApiCallOptions & { schema?: ResponseParser<T> } = {},
): Promise<T> {
  return reported(async () => {
    const response = await exchange(route, input, 'application/json', options.signal);
    const payload = await readBody(response);
    if (!options.schema) return payload as T;
    try {
      return options.schema.parse(payload);
    } catch (error) {
      logger.error('Unexpected answer from', route.id, error);
      throw new ApiError('Unexpected answer from the server');
    }
  }, options.silent);
}
