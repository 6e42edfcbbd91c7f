import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import type { RouteDefinition } from '@expiry-radar/shared/api/route-table';
import { checkTextInput } from '@expiry-radar/shared/domain/text-rules';
import { installProductValidationMessages } from '@expiry-radar/shared/errors/validation-messages';
import { AppError, badRequest } from '../../../platform/app-error';
import type { HttpMiddleware } from '../http-types';
import { parseQueryString } from '../query-string';

// Every route's refusals, its services' included, are worded by the product where a schema gives
// no message of its own: this module is loaded by every HTTP route before it parses anything.
installProductValidationMessages();

/** Parses the JSON body, query and path parameters and validates each against the route's schemas. */
export function requestValidation(request: RouteDefinition['request']): HttpMiddleware {
  return {
    before: ({ event, context }) => {
      const state = context.httpStack;
      state.body = validate(request?.body, parseJsonBody(event));
      state.query = validate(request?.query, parseQueryString(event.rawQueryString ?? ''));
      state.params = validate(request?.params, event.pathParameters ?? {});
    },
  };
}

function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
}

/**
 * Every text must be well-formed, normalised and free of control characters (domain/text-rules)
 * before the route's schema reads it; a route without a schema for a part gets it unchecked
 * (Stripe's webhook reads its raw, signed body).
 */
function validate(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return input;
  const text = checkTextInput(input, schema);
  if (!text.ok) throw badRequest(text.issues[0]!.message, text.issues);
  const checked = text.value;
  const result = schema.safeParse(checked ?? (schema.def.type === 'object' ? {} : checked));
  if (result.success) return result.data;
  throw AppError.fromZodError(result.error);
}
