/**
 * The stack every SCIM route runs in. SCIM clients are identity providers, not browsers: no
 * cookie, no CSRF token; they prove themselves with the organization's bearer token, send and
 * read `application/scim+json`, and expect refusals in SCIM's error shape (RFC 7644 §3.12), so
 * this stack answers every error, the origin check's and validation's included, in that shape.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { checkTextInput } from '@expiry-radar/shared/domain/text-rules';
import type { RouteDefinition } from '@expiry-radar/shared/api/route-table';
import { resolveAppOrigin } from '../../adapters/app-origin';
import {
  SCIM_MEDIA_TYPE,
  ScimError,
  scimErrorBody,
  parseScimPage,
  type ScimPage,
} from '../../domain/scim-protocol';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { runInRequestScope } from '../../platform/request-scope';
import { authenticateScimRequest, type ScimCaller } from '../../services/scim/scim-tokens';
import { authorizationHeaderOf } from './api-key-header';
import { clientIp } from './client-ip';
import { parseQueryString } from './query-string';
import type { HttpContext, HttpLambdaHandler, HttpMiddleware } from './http-types';
import { originVerify } from './middleware/origin-verify';
import { requestContext } from './middleware/request-context';

/** Bodies larger than this are refused (a Group with thousands of members fits many times). */
const MAX_BODY_BYTES = 1_000_000;

export interface ScimRequest {
  readonly caller: ScimCaller;
  /** The parsed JSON body (undefined without one), its text checked by the text rules. */
  readonly body: unknown;
  readonly id: string;
  readonly filter: string | undefined;
  readonly page: ScimPage;
  /** `excludedAttributes=members` (Entra ID's group lookups) leaves members out. */
  readonly withMembers: boolean;
  /** `https://<app>/scim/v2`: where the resources' `meta.location` points. */
  readonly baseUrl: string;
  readonly now: Date;
}

export interface ScimResult {
  readonly status?: number;
  /** Undefined: no body (204). */
  readonly body?: unknown;
}

export function scimResponse(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: {
      ...(body === undefined ? {} : { 'content-type': `${SCIM_MEDIA_TYPE}; charset=utf-8` }),
      'cache-control': 'no-store',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

function errorAnswer(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof ScimError) {
    if (error.status >= 500) logger.error('SCIM request failed', { error });
    else logger.info('SCIM request refused', { status: error.status, scimType: error.scimType });
    const headers: Record<string, string> = {
      ...(error.status === 401 ? { 'www-authenticate': 'Bearer realm="scim"' } : {}),
      ...error.headers,
    };
    return scimResponse(error.status, scimErrorBody(error), headers);
  }
  if (error instanceof AppError && error.status < 500) {
    // A rate limit's refusal keeps its Retry-After.
    return scimResponse(
      error.status,
      scimErrorBody(new ScimError(error.status, error.message)),
      error.headers,
    );
  }
  logger.error('Unexpected SCIM error', { error: error as Error });
  return scimResponse(500, scimErrorBody(new ScimError(500, 'The request failed. Try again.')));
}

function readBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const mediaType = (event.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== SCIM_MEDIA_TYPE && mediaType !== 'application/json') {
    throw new ScimError(415, `Send the body as ${SCIM_MEDIA_TYPE}.`);
  }
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new ScimError(413, 'The request body is too large.', 'tooMany');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ScimError(400, 'The request body must be valid JSON.', 'invalidSyntax');
  }
  return checkedText(parsed);
}

function checkedText(value: unknown): unknown {
  const checked = checkTextInput(value);
  if (!checked.ok) throw new ScimError(400, checked.issues[0]!.message, 'invalidValue');
  return checked.value;
}

export type ScimRouteHandler = (request: ScimRequest) => ScimResult | Promise<ScimResult>;

/** Every failure, the origin check's included, as a SCIM error. */
const scimErrorResponse: HttpMiddleware = {
  onError: (request) => {
    request.response = errorAnswer(request.error);
  },
};

/** Every SCIM answer's stack: SCIM's errors, the request's context, CloudFront's origin check. */
function scimStack() {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HttpContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(scimErrorResponse)
    .use(requestContext())
    .use(originVerify());
}

/**
 * A SCIM refusal that reads no token and no body (of a path no SCIM route takes), sent through
 * the same stack, so CloudFront's origin check comes first.
 */
export function createTokenlessScimHandler(
  refusalOf: (event: APIGatewayProxyEventV2) => ScimError,
): HttpLambdaHandler {
  const handler = scimStack().handler((event) =>
    Promise.reject(refusalOf(event)),
  ) as unknown as HttpLambdaHandler;
  return (event, context) => runInRequestScope(() => handler(event, context));
}

/** `route`: the route's definition from shared/src/api/routes/scim-routes.ts (as createHttpHandler's). */
export function createScimHandler(
  route: RouteDefinition,
  routeHandler: ScimRouteHandler,
): HttpLambdaHandler {
  const lambdaHandler = scimStack().handler(async (event, context) => {
    const { now } = context.httpStack;
    const caller = await authenticateScimRequest(
      authorizationHeaderOf(event),
      now,
      clientIp(event),
    );
    const query = singleValues(
      checkedText(parseQueryString(event.rawQueryString ?? '')) as Record<
        string,
        string | string[]
      >,
    );
    const body = readBody(event);
    const result = await routeHandler({
      caller,
      body,
      id: event.pathParameters?.id ?? '',
      filter: query.filter,
      page: parseScimPage(query.startIndex, query.count),
      withMembers: !/\bmembers\b/i.test(query.excludedAttributes ?? ''),
      baseUrl: `${await resolveAppOrigin()}/scim/v2`,
      now,
    });
    const status = result.status ?? route.successStatus ?? 200;
    const location: Record<string, string> =
      status === 201 && isLocated(result.body) ? { location: result.body.meta.location } : {};
    return scimResponse(status, result.body, location);
  });
  const handler = lambdaHandler as unknown as HttpLambdaHandler;
  return (event, context) => runInRequestScope(() => handler(event, context));
}

/** A parameter sent twice is refused: which one a client meant is unknown. */
function singleValues(
  query: Record<string, string | string[]>,
): Record<string, string | undefined> {
  const single: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) throw new ScimError(400, `Send ${name} once.`, 'invalidValue');
    single[name] = value;
  }
  return single;
}

function isLocated(body: unknown): body is { meta: { location: string } } {
  const meta = (body as { meta?: { location?: unknown } } | undefined)?.meta;
  return typeof meta?.location === 'string';
}
