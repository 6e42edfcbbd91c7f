/**
 * Plays API Gateway's part locally: turns a Node HTTP request into the HTTP API (v2) event a
 * route's Lambda receives, calls the same handler, and writes its result back.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';

export type { HttpLambdaHandler } from '../http/pipeline/http-types';

/** Lambda's synchronous payload limit; API Gateway answers 413 to a larger request. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

export class PayloadTooLargeError extends Error {
  constructor() {
    super('Request body too large');
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * The request body, at most `limit` bytes. A larger one rejects with PayloadTooLargeError as soon
 * as its Content-Length says so or the bytes read pass the limit; collecting stops there, so no
 * more than the limit is ever held in memory (see discardRestOfBody for the rest).
 */
export function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new PayloadTooLargeError());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      request.pause();
      chunks.length = 0;
      reject(new PayloadTooLargeError());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

/** How much of a refused body is read and dropped before the connection is cut. */
export const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops what is left of a refused body without keeping any of it, so that a client
 * still sending gets the answer; a client that sends more than `limit` bytes more has its
 * connection cut.
 */
export function discardRestOfBody(request: IncomingMessage, limit = MAX_DISCARDED_BYTES): void {
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) request.socket.destroy();
  });
  request.resume();
}

/**
 * The path and query of the request target, or undefined when it is not a path (`*`, an
 * absolute URL meant for a proxy). `//x/y` stays the path `//x/y`, never a host.
 */
export function requestUrl(target: string | undefined): URL | undefined {
  const raw = target ?? '/';
  if (!raw.startsWith('/')) return undefined;
  try {
    return new URL(`http://localhost${raw}`);
  } catch {
    return undefined;
  }
}

export function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  match: { routeKey: string; pathParameters: Record<string, string> },
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = request.headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const now = new Date();
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: queryParameters(url.searchParams),
    pathParameters: match.pathParameters,
    body: body.length ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: match.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  };
}

/** API Gateway joins repeated query parameters with commas; so does this. */
function queryParameters(params: URLSearchParams): Record<string, string> | undefined {
  const joined: Record<string, string> = {};
  for (const [name, value] of params) {
    joined[name] = name in joined ? `${joined[name]},${value}` : value;
  }
  return Object.keys(joined).length ? joined : undefined;
}

/** API Gateway's HTTP APIs give up on an integration after 30 seconds; a route function gets 29. */
export const ROUTE_TIME_LIMIT_MS = 29_000;

export function lambdaContext(
  functionName: string,
  requestId: string,
  timeLimitMs = ROUTE_TIME_LIMIT_MS,
): Context {
  const deadline = Date.now() + timeLimitMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export function writeLambdaResult(
  response: ServerResponse,
  result: APIGatewayProxyStructuredResultV2,
): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  response.writeHead(result.statusCode ?? 200, headers);
  const body = result.body ?? '';
  response.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
