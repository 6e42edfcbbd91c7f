import { randomUUID } from 'node:crypto';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { lambdaContext } from '../src/local/lambda-http-adapter';

/**
 * A real HTTP API (v2) event, as API Gateway hands it to a route's Lambda. A body goes as JSON
 * (`content-type: application/json`, as the web client sends it) unless `headers` say otherwise.
 */
export function apiGatewayEvent(options: {
  method: string;
  path: string;
  routePath?: string;
  query?: string;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: unknown;
  pathParameters?: Record<string, string>;
}): APIGatewayProxyEventV2 {
  const routeKey = `${options.method} ${options.routePath ?? options.path}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: options.path,
    rawQueryString: options.query ?? '',
    cookies: options.cookies,
    headers: {
      host: 'localhost:4000',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    pathParameters: options.pathParameters,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: options.method,
        path: options.path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'jest',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  };
}

/**
 * Runs `handler` on `event` as Lambda would, within the route's time limit unless `timeLimitMs`
 * says otherwise.
 */
export async function invoke(
  handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>,
  event: APIGatewayProxyEventV2,
  options: { timeLimitMs?: number } = {},
): Promise<APIGatewayProxyStructuredResultV2 & { json: unknown }> {
  const result = (await handler(
    event,
    lambdaContext('test', event.requestContext.requestId, options.timeLimitMs),
  )) as APIGatewayProxyStructuredResultV2;
  const isJson = String(result.headers?.['content-type'] ?? '').startsWith('application/json');
  return {
    ...result,
    json: result.body && isJson ? (JSON.parse(result.body) as unknown) : undefined,
  };
}
