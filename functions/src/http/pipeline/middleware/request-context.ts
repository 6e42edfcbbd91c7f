import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readProductCookies, shouldUseSecureCookies } from '../cookies';
import type { HttpMiddleware } from '../http-types';
import { logger } from '../../../platform/logger';

/**
 * Adds API Gateway's request id and the route to the invocation's log lines (cleared after it
 * by `injectLambdaContext` in the stack) and prepares the per-request state.
 */
export function requestContext(): HttpMiddleware {
  return {
    before: (request) => {
      const { event, context } = request;
      logger.appendKeys({
        requestId: event.requestContext.requestId,
        route: event.routeKey,
      });
      const secureCookies = shouldUseSecureCookies(event.headers.host);
      context.httpStack = {
        cookies: readProductCookies(event.cookies ?? headerCookies(event), secureCookies),
        secureCookies,
        session: undefined,
        body: undefined,
        query: undefined,
        params: undefined,
        now: new Date(),
        prefetchedWorkspace: undefined,
        readAhead: undefined,
      };
    },
  };
}

/** HTTP API v2 moves cookies into `event.cookies`; a raw header is read only as a fallback. */
function headerCookies(event: APIGatewayProxyEventV2): string[] | undefined {
  const header = event.headers.cookie;
  return header ? [header] : undefined;
}
