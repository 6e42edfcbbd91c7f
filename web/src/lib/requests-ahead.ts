import { REQUEST_TIMEOUT_MS } from '@expiry-radar/shared/constants/timing';
import { routeLocation, type ApiRoute, type RouteInput } from './route-location';

// In the page's first script (start-reads.ts): nothing here may bring React, the toasts or zod.

/**
 * Answers of GET requests sent ahead of the code that reads them (`requestAhead`), by URL: a
 * page's first reads are asked for as the app starts, while the chunks that read them (and the
 * schemas that check them) load. The first exchange of the same URL (api-client.ts) within
 * REQUEST_TIMEOUT_MS takes the answer (once) and goes on as if it had sent the request itself
 * (checks, toasts, the 401 redirect); an answer nobody takes in time is dropped, and so is every
 * one on a change (any other method) or a new session. A dropped answer's body is cancelled.
 */
type AnswersAhead = Map<string, { readonly answer: Promise<Response>; readonly at: number }>;

/**
 * On `globalThis`: the page's first script (start-reads.ts) is built on its own, inline in
 * index.html, and asks ahead into the same map the app's exchanges take from.
 */
const shared = globalThis as typeof globalThis & { expiryRadarAnswersAhead?: AnswersAhead };
const answersAhead: AnswersAhead = (shared.expiryRadarAnswersAhead ??= new Map() as AnswersAhead);

/**
 * Lets go of an answer nobody will take: its body is cancelled, so the browser frees the
 * connection now rather than when the answer is collected as garbage (an unread body holds an
 * HTTP/1.1 connection, and keeps the page from ever looking idle to tools that wait for it).
 */
function release(answer: Promise<Response>): void {
  answer.then((response) => response.body?.cancel()).catch(() => undefined);
}

function drop(url: string): void {
  const ahead = answersAhead.get(url);
  if (!ahead) return;
  answersAhead.delete(url);
  release(ahead.answer);
}

export function dropAnswersAhead(): void {
  for (const url of [...answersAhead.keys()]) drop(url);
}

/** A GET with the session's cookies, given up after REQUEST_TIMEOUT_MS. */
function sendAhead(url: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const answer = fetch(url, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    credentials: 'include',
    signal: controller.signal,
  });
  // The body is read by the taker; the timer only bounds the wait for the answer's headers.
  void answer.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  return answer;
}

/**
 * Sends a GET now for a page's code that will ask for it (the same route and input, so the same
 * URL) once it has loaded; its answer waits for that call. A failure is the taker's to report.
 */
export function requestAhead(route: ApiRoute, input: RouteInput = {}): void {
  if (route.method !== 'GET') return;
  const now = Date.now();
  for (const [url, ahead] of answersAhead) {
    if (now - ahead.at > REQUEST_TIMEOUT_MS) drop(url);
  }
  const url = routeLocation(route, input);
  if (answersAhead.has(url)) return;
  const answer = sendAhead(url);
  // Nobody may take it: its failure is the taker's to report.
  answer.catch(() => undefined);
  const ahead = { answer, at: now };
  answersAhead.set(url, ahead);
  // Not taken in time (the page went elsewhere, e.g. to /login without a session): let it go.
  setTimeout(() => {
    if (answersAhead.get(url) === ahead) drop(url);
  }, REQUEST_TIMEOUT_MS);
}

/** The answer asked for ahead for this exchange, if any (taken: the next exchange sends). */
export function takeAnswerAhead(url: string, accept: string): Promise<Response> | undefined {
  const ahead = answersAhead.get(url);
  if (!ahead || accept !== 'application/json') return undefined;
  if (Date.now() - ahead.at > REQUEST_TIMEOUT_MS) {
    drop(url);
    return undefined;
  }
  answersAhead.delete(url);
  return ahead.answer;
}
