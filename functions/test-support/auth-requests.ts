import { randomInt, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { sessionCsrfToken } from '../src/http/pipeline/csrf-token';
import { apiGatewayEvent } from './api-gateway-event';

export const TEST_CSRF_TOKEN = 'test-csrf-token';

/**
 * A state-changing request as the web sends it: CSRF cookie and header, JSON body. The token is
 * the one `GET /api/csrf-token` answers: the session's own when `cookies` hold a session cookie.
 */
export function mutationEvent(options: {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  cookies?: string[];
  /** Callers get their own address so rate limits of one test do not reach another. */
  sourceIp?: string;
  csrf?: 'valid' | 'missing' | 'wrong';
}): APIGatewayProxyEventV2 {
  const csrf = options.csrf ?? 'valid';
  const sessionId = options.cookies
    ?.find((cookie) => cookie.startsWith('er_session='))
    ?.slice('er_session='.length);
  const token = sessionId ? sessionCsrfToken(sessionId) : TEST_CSRF_TOKEN;
  const event = apiGatewayEvent({
    method: options.method,
    path: options.path,
    body: options.body,
    headers: {
      'content-type': 'application/json',
      ...(csrf === 'missing' ? {} : { 'x-csrf-token': csrf === 'wrong' ? 'nope' : token }),
    },
    cookies: [`er_csrf=${token}`, ...(options.cookies ?? [])],
  });
  event.requestContext.http.sourceIp = options.sourceIp ?? uniqueIp();
  return event;
}

/** A random private address per call, so rate limits of one test do not reach another. */
export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID()}@Example.com`;
}

/** The value of the session cookie an answer sets, as a request Cookie. */
export function sessionCookieFrom(cookies: readonly string[] | undefined): string | undefined {
  const setCookie = cookies?.find((cookie) => cookie.startsWith('er_session='));
  const value = setCookie?.split(';')[0];
  return value && value !== 'er_session=' ? value : undefined;
}
