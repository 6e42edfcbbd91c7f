import { createServer, type Server } from 'node:http';
import { apiError, ERROR_CODES } from '@expiry-radar/shared/errors/error-codes';
import { jsonResponse } from '../http/pipeline/json-response';
import {
  lambdaContext,
  readBody,
  toApiGatewayEvent,
  writeLambdaResult,
  type HttpLambdaHandler,
} from './lambda-http-adapter';
import { RouteMatcher, type MountedRoute } from './route-matcher';
import { serveStaticFile } from './static-files';

/** The spec's runtime settings, served as /config.json like CloudFront serves the deployed file. */
export interface WebRuntimeSettings {
  readonly apiBaseUrl: string;
  readonly analyticsKey: string;
  readonly analyticsHost: string;
  readonly paymentPublishableKey: string;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

const API_PREFIXES = ['/api/', '/auth/'];

/**
 * One HTTP server standing in for CloudFront and API Gateway: API paths go to the route
 * handlers as Lambda events; everything else is the SPA.
 */
export function createLocalServer(options: {
  routes: readonly MountedRoute<HttpLambdaHandler>[];
  webDirectory: string;
  runtimeSettings: WebRuntimeSettings;
  onUnexpectedError?: (error: unknown) => void;
}): Server {
  const matcher = new RouteMatcher(options.routes);

  return createServer((request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';

    const handle = async () => {
      if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
        const match = matcher.match(method, url.pathname);
        if (match === undefined || match === 'methodNotAllowed') {
          const code = match === undefined ? 'NOT_FOUND' : 'METHOD_NOT_ALLOWED';
          writeLambdaResult(response, jsonResponse(ERROR_CODES[code].status, apiError(code)));
          return;
        }
        const body = await readBody(request);
        const event = toApiGatewayEvent(request, body, match);
        const result = await match.handler(
          event,
          lambdaContext(match.routeKey, event.requestContext.requestId),
        );
        writeLambdaResult(response, result);
        return;
      }
      if (url.pathname === '/config.json') {
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-cache',
        });
        response.end(JSON.stringify(options.runtimeSettings));
        return;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        response.writeHead(405).end();
        return;
      }
      await serveStaticFile(options.webDirectory, url.pathname, response);
    };

    handle().catch((error: unknown) => {
      options.onUnexpectedError?.(error);
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      }
      response.end(JSON.stringify(apiError('INTERNAL')));
    });
  });
}
