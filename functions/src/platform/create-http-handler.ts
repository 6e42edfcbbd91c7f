/**
 * The middy stack every HTTP route runs in. A route handler only sees validated input and the
 * caller's session, and returns a status and body; everything cross-cutting happens here.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { findRoute, type RouteId } from '@expiry-radar/shared/api/route-table';
import { jsonResponse, redirectResponse, textResponse } from './json-response';
import type { HttpContext, HttpLambdaHandler, RouteRequest, RouteResponse } from './http-types';
import { csrfProtection } from './middleware/csrf-protection';
import { errorResponse } from './middleware/error-response';
import { requestContext } from './middleware/request-context';
import { requestValidation } from './middleware/request-validation';
import { sessionAuth } from './middleware/session-auth';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type RouteHandler<Id extends RouteId> = (
  request: RouteRequest<Id>,
) => RouteResponse | Promise<RouteResponse>;

export function createHttpHandler<Id extends RouteId>(
  routeId: Id,
  routeHandler: RouteHandler<Id>,
): HttpLambdaHandler {
  const route = findRoute(routeId);

  const stack = middy<
    APIGatewayProxyEventV2,
    APIGatewayProxyStructuredResultV2,
    Error,
    HttpContext
  >()
    .use(errorResponse())
    .use(requestContext())
    .use(sessionAuth(route.auth));
  if (STATE_CHANGING_METHODS.has(route.method)) stack.use(csrfProtection());
  stack.use(requestValidation(route.request));

  const lambdaHandler = stack.handler(async (event, context) => {
    const state = context.httpStack;
    const result = await routeHandler({
      body: state.body,
      query: state.query,
      params: state.params,
      cookies: state.cookies,
      session: state.session,
      secureCookies: state.secureCookies,
      requestId: event.requestContext.requestId,
      now: state.now,
      event,
    } as RouteRequest<Id>);
    const options = { cookies: result.cookies, headers: result.headers };
    if (result.redirectTo !== undefined) return redirectResponse(result.redirectTo, options);
    if (result.text !== undefined) return textResponse(result.status ?? 200, result.text, options);
    return jsonResponse(result.status ?? 200, result.body, options);
  });
  // Lambda calls handlers with (event, context); middy's typing adds an optional third argument.
  return lambdaHandler as unknown as HttpLambdaHandler;
}
