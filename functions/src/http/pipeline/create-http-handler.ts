/**
 * The middy stack every HTTP route runs in. A route handler only sees validated input and the
 * caller's session, and returns a status and body; everything cross-cutting happens here.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDefinition, RouteId } from '@expiry-radar/shared/api/route-table';
import { FORM_MEDIA_TYPE } from '@expiry-radar/shared/api/route-definition';
import { jsonResponse, redirectResponse, textResponse } from './json-response';
import type {
  HttpContext,
  HttpLambdaHandler,
  HttpStackState,
  ReadAheadOfEvent,
  RouteRequest,
  RouteResponse,
  WorkspaceOfEvent,
} from './http-types';
import { csrfProtection } from './middleware/csrf-protection';
import { oneClickPostBody } from './middleware/one-click-post-body';
import { formPostBody } from './middleware/form-post-body';
import { errorResponse } from './middleware/error-response';
import { jsonContentType } from './middleware/json-content-type';
import { originVerify } from './middleware/origin-verify';
import { requestContext } from './middleware/request-context';
import { requestValidation } from './middleware/request-validation';
import { sessionAuth } from './middleware/session-auth';
import {
  loadWorkspaceAccess,
  workspaceAccessFrom,
  type WorkspaceAccess,
} from '../../services/workspaces/workspace-access';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { runInRequestScope } from '../../platform/request-scope';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type RouteHandler<Id extends RouteId, ReadAhead = never> = (
  request: RouteRequest<Id, ReadAhead>,
) => RouteResponse | Promise<RouteResponse>;

export interface HttpHandlerOptions<ReadAhead = never> {
  /**
   * For hot read routes: which workspace the request is about, so its access check is read in
   * the session's round trip instead of one of its own.
   */
  readonly prefetchWorkspaceOf?: WorkspaceOfEvent;
  /**
   * For the hottest read routes: the route's own read, started from the raw event at the same
   * time as the session's read instead of after it, when the request names a session. Only
   * reads: what it finds reaches the handler as `readAhead`, to be used after the access check.
   */
  readonly readAheadOf?: ReadAheadOfEvent<ReadAhead>;
  /**
   * Only for public server-to-server callbacks that prove themselves another way (Stripe's
   * webhook: a signature over the raw body). Browsers' state-changing calls always need CSRF.
   */
  readonly skipCsrf?: boolean;
  /**
   * Only for a public link that proves itself with a signature in its query (the one-click
   * unsubscribe of alert emails, RFC 8058): mail clients POST the form body
   * `List-Unsubscribe=One-Click` without cookies, so neither CSRF nor a JSON body is asked for.
   */
  readonly oneClickPost?: boolean;
}

function workspaceAccessOf(state: HttpStackState) {
  return async (workspaceId: string): Promise<WorkspaceAccess> => {
    if (!state.session) throw new AppError('UNAUTHORIZED');
    const prefetched = state.prefetchedWorkspace;
    if (prefetched?.workspaceId === workspaceId) {
      return workspaceAccessFrom(
        workspaceId,
        prefetched.workspace,
        prefetched.membership,
        state.session.user,
      );
    }
    return loadWorkspaceAccess(workspaceId, state.session.user);
  };
}

/**
 * `route` is the route's definition from its area's module (shared/src/api/routes/), not an id
 * looked up in the whole route table: a route's bundle then holds only its area's schemas.
 */
export function createHttpHandler<Id extends RouteId, ReadAhead = never>(
  route: RouteDefinition & { readonly id: Id },
  routeHandler: RouteHandler<Id, ReadAhead>,
  options: HttpHandlerOptions<ReadAhead> = {},
): HttpLambdaHandler {
  const stack = middy<
    APIGatewayProxyEventV2,
    APIGatewayProxyStructuredResultV2,
    Error,
    HttpContext
  >()
    // Outermost: its cleanup runs last, after the error answer has been logged with the ids.
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errorResponse())
    .use(requestContext())
    // Before the session lookup: a request that bypassed CloudFront reads nothing.
    .use(originVerify());
  const isWrite = STATE_CHANGING_METHODS.has(route.method);
  const oneClick = options.oneClickPost === true && route.auth === 'public';
  // An identity provider's form (SAML's HTTP-POST binding) needs no CSRF token: the message is
  // signed, and answers a request the server sent.
  const formPost = route.requestMediaType === FORM_MEDIA_TYPE && route.auth === 'public';
  if (isWrite) {
    if (oneClick) stack.use(oneClickPostBody());
    else if (formPost) stack.use(formPostBody());
    else stack.use(jsonContentType());
  }
  stack.use(sessionAuth(route, options.prefetchWorkspaceOf, options.readAheadOf));
  // An API key request carries no cookie a forged page could ride on: it needs no CSRF token
  // (csrfProtection lets it through); a cookie session still does.
  if (isWrite && !((options.skipCsrf || oneClick || formPost) && route.auth === 'public')) {
    stack.use(csrfProtection());
  }
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
      workspaceAccess: workspaceAccessOf(state),
      readAhead: state.readAhead as Promise<ReadAhead> | undefined,
    } as RouteRequest<Id, ReadAhead>);
    const options = { cookies: result.cookies, headers: result.headers };
    if (result.redirectTo !== undefined) return redirectResponse(result.redirectTo, options);
    if (result.text !== undefined) return textResponse(result.status ?? 200, result.text, options);
    return jsonResponse(result.status ?? 200, result.body, options);
  });
  // Lambda calls handlers with (event, context); middy's typing adds an optional third argument.
  const handler = lambdaHandler as unknown as HttpLambdaHandler;
  // Each invocation gets its own request scope (the API key that audit events name).
  return (event, context) => runInRequestScope(() => handler(event, context));
}
