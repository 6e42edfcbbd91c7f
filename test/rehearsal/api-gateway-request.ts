/**
 * API Gateway HTTP API (payload 2.0) events as the deployed API hands them to a route's function
 * after CloudFront: the route key of the template, the API's own host, the origin secret header
 * CloudFront adds, the viewer address header, cookies as API Gateway splits them; writes carry the
 * CSRF cookie and header as the web client sends them. Answers are read back with their cookies.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  sessionCsrfToken,
} from '@expiry-radar/functions/http/pipeline/csrf-token';
import { hostCookieName, SESSION_COOKIE } from '@expiry-radar/functions/http/pipeline/cookies';
import { ORIGIN_VERIFY_HEADER } from '@expiry-radar/functions/http/pipeline/middleware/origin-verify';
import { VIEWER_ADDRESS_HEADER } from '@expiry-radar/functions/http/pipeline/client-ip';

export interface ApiSession {
  /** The session id (the value of the session cookie). */
  readonly sessionId: string;
}

export interface ApiRequest {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly session?: ApiSession;
  /** Further cookies, `name=value` (a pending sign-in, Google's state). */
  readonly cookies?: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
  /** Without CloudFront's origin secret header (a request to the execute-api URL). */
  readonly withoutOriginSecret?: boolean;
  /** A write without the CSRF header. */
  readonly withoutCsrf?: boolean;
}

export interface ApiAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly cookies: readonly string[];
  readonly body: string;
  readonly json: unknown;
}

export interface ApiTarget {
  readonly apiId: string;
  readonly region: string;
  readonly accountId: string;
  readonly originSecret: string | undefined;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A random viewer address per request, so per-IP rate limits of one request spare the next. */
function viewerAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}:${randomInt(1024, 65_535)}`;
}

export function apiGatewayEvent(
  routeKey: string,
  request: ApiRequest,
  target: ApiTarget,
): APIGatewayProxyEventV2 {
  const [method = 'GET', routePath = '/'] = routeKey.split(' ');
  const rawPath = routePath.replace(/\{(\w+)\+?\}/g, (_match, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`No value for {${name}} of ${routeKey}`);
    return encodeURIComponent(value);
  });
  const rawQueryString = new URLSearchParams(request.query ?? {}).toString();
  const domainName = `${target.apiId}.execute-api.${target.region}.amazonaws.com`;
  const cookies = [...(request.cookies ?? [])];
  const headers: Record<string, string> = {
    host: domainName,
    'user-agent': 'Amazon CloudFront',
    accept: 'application/json',
    [VIEWER_ADDRESS_HEADER]: viewerAddress(),
  };
  if (!request.withoutOriginSecret && target.originSecret !== undefined) {
    headers[ORIGIN_VERIFY_HEADER] = target.originSecret;
  }
  // The API's host is not localhost: cookies are Secure and go by their `__Host-` names.
  if (request.session) {
    cookies.push(`${hostCookieName(SESSION_COOKIE, true)}=${request.session.sessionId}`);
  }
  if (WRITES.has(method)) {
    const token = request.session
      ? sessionCsrfToken(request.session.sessionId)
      : `rehearsal-${randomUUID()}`;
    cookies.push(`${hostCookieName(CSRF_COOKIE, true)}=${token}`);
    if (!request.withoutCsrf) headers[CSRF_HEADER] = token;
  }
  let body: string | undefined;
  if (request.body !== undefined) {
    body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  const now = new Date();
  const queryStringParameters = request.query ? { ...request.query } : undefined;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(request.params ? { pathParameters: { ...request.params } } : {}),
    requestContext: {
      accountId: target.accountId,
      apiId: target.apiId,
      domainName,
      domainPrefix: target.apiId,
      http: {
        method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: `130.176.${randomInt(0, 255)}.${randomInt(1, 255)}`,
        userAgent: 'Amazon CloudFront',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  };
}

/** The function's result as API Gateway reads a payload 2.0 answer. */
export function apiAnswerOf(result: unknown): ApiAnswer {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    // API Gateway would answer 200 with the value as JSON; the app's routes never do this.
    return { status: 200, headers: {}, cookies: [], body: JSON.stringify(result), json: result };
  }
  const answer = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    headers[name.toLowerCase()] = String(value);
  }
  const body = answer.isBase64Encoded
    ? Buffer.from(answer.body ?? '', 'base64').toString('utf8')
    : (answer.body ?? '');
  let json: unknown;
  if ((headers['content-type'] ?? '').startsWith('application/json') && body) {
    json = JSON.parse(body) as unknown;
  }
  return { status: answer.statusCode ?? 200, headers, cookies: answer.cookies ?? [], body, json };
}

/** `name=value` of a cookie the answer sets, for the next request. */
/** The `name=value` pair of the cookie `name` the answer set (by its `__Host-` name, as over https). */
export function cookieSet(answer: ApiAnswer, name: string): string | undefined {
  const setAs = hostCookieName(name, true);
  const cookie = answer.cookies.find((candidate) => candidate.startsWith(`${setAs}=`));
  const pair = cookie?.split(';')[0];
  return pair && pair !== `${setAs}=` ? pair : undefined;
}
