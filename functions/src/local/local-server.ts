import { createServer, type Server } from 'node:http';
import {
  contentSecurityPolicy,
  PERMISSIONS_POLICY,
} from '@expiry-radar/shared/constants/web-security-headers';
import { apiError, ERROR_CODES, type ErrorCode } from '@expiry-radar/shared/errors/error-codes';
import { ScimError, scimErrorBody } from '../domain/scim-protocol';
import { scimResponse } from '../http/pipeline/create-scim-handler';
import { jsonResponse } from '../http/pipeline/json-response';
import {
  discardRestOfBody,
  lambdaContext,
  PayloadTooLargeError,
  readBody,
  requestUrl,
  toApiGatewayEvent,
  writeLambdaResult,
  type HttpLambdaHandler,
} from './lambda-http-adapter';
import { RouteMatcher, type MountedRoute } from './route-matcher';
import { serveStaticFile } from './static-files';

/** The SPA's runtime settings, served as /config.json like CloudFront serves the deployed file. */
export interface WebRuntimeSettings {
  readonly apiBaseUrl: string;
  readonly analyticsKey: string;
  readonly analyticsHost: string;
  readonly paymentPublishableKey: string;
  readonly supportEmail: string;
  readonly communityChatUrl: string;
}

/**
 * CloudFront's security headers (infra/stacks/web-stack.ts) but HSTS, which plain HTTP on this
 * machine has no use for: what the deployed policy blocks is blocked here too.
 */
function securityHeaders(settings: WebRuntimeSettings): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': contentSecurityPolicy(settings),
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

const SCIM_PREFIX = '/scim/';
const API_PREFIXES = ['/api/', '/auth/', SCIM_PREFIX];

const MALFORMED_PATH = 'The request path is not valid: a percent-escape is malformed.';
const NOT_A_PATH = 'The request target is not a path.';

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
  const headers = Object.entries(securityHeaders(options.runtimeSettings));

  return createServer((request, response) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    const method = request.method ?? 'GET';
    const answer = (code: ErrorCode, message?: string) =>
      writeLambdaResult(response, jsonResponse(ERROR_CODES[code].status, apiError(code, message)));

    const handle = async () => {
      const url = requestUrl(request.url);
      if (!url) {
        answer('VALIDATION_ERROR', NOT_A_PATH);
        return;
      }
      if (API_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
        // API Gateway routes `/scim/` as `/scim` (its route `ANY /scim`).
        const routedPath = url.pathname === SCIM_PREFIX ? '/scim' : url.pathname;
        const match = matcher.match(method, routedPath);
        if (match === 'malformedPath' && url.pathname.startsWith(SCIM_PREFIX)) {
          // Identity providers read SCIM's error shape (RFC 7644 §3.12); no scimType names a
          // malformed request path (`invalidPath` is PATCH's "path" attribute).
          const refusal = new ScimError(400, MALFORMED_PATH);
          writeLambdaResult(response, scimResponse(refusal.status, scimErrorBody(refusal)));
          return;
        }
        if (match === undefined) return answer('NOT_FOUND');
        if (match === 'methodNotAllowed') return answer('METHOD_NOT_ALLOWED');
        if (match === 'malformedPath') return answer('VALIDATION_ERROR', MALFORMED_PATH);
        const body = await readBody(request);
        const event = toApiGatewayEvent(request, url, body, match);
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
      if (error instanceof PayloadTooLargeError && !response.headersSent) {
        answer('PAYLOAD_TOO_LARGE');
        discardRestOfBody(request);
        return;
      }
      options.onUnexpectedError?.(error);
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      }
      response.end(JSON.stringify(apiError('INTERNAL')));
    });
  });
}
