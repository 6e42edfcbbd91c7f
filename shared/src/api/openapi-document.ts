/**
 * The OpenAPI 3.1 description of the API, built from the route table: one operation per route
 * (its id as operationId, its area as tag), its path, query and body from the request schemas and
 * its answer from the response schema, converted with zod's JSON Schema conversion (JSON Schema
 * 2020-12, which OpenAPI 3.1 uses), and the error body every route may answer. `npm run openapi`
 * writes it; `GET /api/openapi.json` serves it.
 */
import * as z from 'zod';
import { apiErrorSchema } from '../errors/error-codes';
import {
  API_KEY_PREFIX,
  CSRF_HEADER_NAME,
  HOST_COOKIE_PREFIX,
  SESSION_COOKIE_NAME,
} from './api-credentials';
import { redirectResponse } from './common-schemas';
import { ETAG_HEADER, IF_MATCH_HEADER } from './entity-tags';
import type { RouteDefinition } from './route-table';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly tags: readonly { readonly name: string }[];
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: {
    readonly schemas: Record<string, JsonSchema>;
    readonly securitySchemes: Record<string, unknown>;
  };
}

/** A route's schema that JSON Schema cannot express (a custom check, a transform, a date…). */
export class SchemaConversionError extends Error {
  constructor(
    readonly routeId: string,
    readonly part: string,
    cause: unknown,
  ) {
    super(
      `The ${part} schema of route ${routeId} cannot be described in JSON Schema: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
    );
    this.name = 'SchemaConversionError';
  }
}

export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: `${HOST_COOKIE_PREFIX}${SESSION_COOKIE_NAME}`,
    description: `The session cookie that signing in (POST /auth/login) sets (\`${SESSION_COOKIE_NAME}\` on the local runtime over http).`,
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER_NAME,
    description:
      'With the session cookie, every POST, PUT, PATCH and DELETE carries the token of GET /api/csrf-token.',
  },
  bearerApiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${API_KEY_PREFIX}…`,
    description: `A personal API key, sent as Authorization: Bearer ${API_KEY_PREFIX}…`,
  },
} as const;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Which credentials an operation takes: none for public routes; else the session cookie, with the
 * CSRF header on state-changing methods, or, where the route table lets keys call the route
 * (`apiKey`), a bearer API key instead. (An empty list is "no credentials", OpenAPI's `security:
 * []`; two entries are alternatives.)
 */
export function operationSecurity(
  route: Pick<RouteDefinition, 'auth' | 'method' | 'apiKey'>,
): Record<string, string[]>[] {
  if (route.auth === 'public') return [];
  const session: Record<string, string[]> = { sessionCookie: [] };
  if (STATE_CHANGING.has(route.method)) session.csrfHeader = [];
  return route.apiKey ? [session, { bearerApiKey: [] }] : [session];
}

/** The area of a route, as its tag: the first segment after /api (or /api/v1), or "auth". */
export function routeTag(path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'auth') return 'auth';
  const rest = segments[1] === 'v1' ? segments.slice(2) : segments.slice(1);
  const area = rest[0] === 'workspaces' && rest.length > 2 ? rest[2] : rest[0];
  return area?.replace(/\..*$/, '') ?? 'api';
}

interface Conversion {
  readonly schema: JsonSchema;
  readonly definitions: Record<string, JsonSchema>;
}

/**
 * One schema in JSON Schema 2020-12. Definitions zod puts under `$defs` (recursive schemas) move
 * to the document's components, named after the route, since a `$ref` in a path item resolves
 * against the whole document.
 */
function convert(
  schema: z.ZodType,
  io: 'input' | 'output',
  routeId: string,
  part: string,
): Conversion {
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'throw',
    });
  } catch (error) {
    throw new SchemaConversionError(routeId, part, error);
  }
  const { $schema: _dialect, $defs, ...rest } = converted as JsonSchema & { $defs?: JsonSchema };
  const prefix = `${routeId}_${part}_`;
  const rewrite = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value).replaceAll('"#/$defs/', `"#/components/schemas/${prefix}`),
    ) as unknown;
  const definitions: Record<string, JsonSchema> = {};
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    definitions[`${prefix}${name}`] = rewrite(definition) as JsonSchema;
  }
  // A self-reference ("#") means the schema itself: it gets a component of its own.
  let root = rewrite(rest) as JsonSchema;
  if (JSON.stringify(root).includes('"$ref":"#"')) {
    const name = `${prefix}root`;
    definitions[name] = JSON.parse(
      JSON.stringify(root).replaceAll('"$ref":"#"', `"$ref":"#/components/schemas/${name}"`),
    ) as JsonSchema;
    root = { $ref: `#/components/schemas/${name}` };
  }
  return { schema: root, definitions };
}

function parametersOf(
  conversion: Conversion,
  location: 'path' | 'query',
  routeId: string,
): Record<string, unknown>[] {
  const { properties, required } = conversion.schema as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  if (conversion.schema.type !== 'object' || !properties) {
    throw new SchemaConversionError(
      routeId,
      location === 'path' ? 'params' : 'query',
      new Error('expected an object of named values'),
    );
  }
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: location,
    required: location === 'path' || (required ?? []).includes(name),
    schema,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
  }));
}

export interface OpenApiOptions {
  readonly version: string;
}

export function buildOpenApiDocument(
  routes: readonly RouteDefinition[],
  options: OpenApiOptions = { version: '1' },
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const errorBody = convert(apiErrorSchema, 'output', 'error', 'response');
  schemas.ApiError = errorBody.schema;
  const errorAnswer = {
    description: 'An error: { error, code, details? }; the status follows the code.',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();

  for (const route of routes) {
    // A catch-all (SCIM's unknown paths) refuses what no operation takes: no operation itself.
    if (route.method === 'ANY') continue;
    const request: NonNullable<RouteDefinition['request']> = route.request ?? {};
    const parameters: Record<string, unknown>[] = [];
    let requestBody: Record<string, unknown> | undefined;
    const add = (conversion: Conversion) => {
      Object.assign(schemas, conversion.definitions);
      return conversion;
    };
    if (request.params) {
      const conversion = add(convert(request.params, 'input', route.id, 'params'));
      parameters.push(...parametersOf(conversion, 'path', route.id));
    }
    if (request.query) {
      const conversion = add(convert(request.query, 'input', route.id, 'query'));
      parameters.push(...parametersOf(conversion, 'query', route.id));
    }
    if (request.body) {
      const conversion = add(convert(request.body, 'input', route.id, 'body'));
      requestBody = {
        required: true,
        content: { [route.requestMediaType ?? 'application/json']: { schema: conversion.schema } },
      };
    }
    if (route.ifMatch) {
      parameters.push({
        name: IF_MATCH_HEADER,
        in: 'header',
        required: false,
        schema: { type: 'string' },
        description: `Optional: the entity tag of the resource as the client read it (${route.ifMatch}). The write is made only while the resource is still at this tag; otherwise 412 PRECONDITION_FAILED and nothing is written. Without it the write is made as before.`,
      });
    }
    const answer = add(convert(route.response, 'output', route.id, 'response'));
    const success =
      route.response === redirectResponse
        ? {
            '302': {
              description: 'Redirects to a page of the app.',
              headers: { Location: { schema: { type: 'string' } } },
            },
          }
        : {
            [String(route.successStatus ?? 200)]: {
              description: 'Success.',
              ...(route.ifMatch
                ? {
                    headers: {
                      [ETAG_HEADER]: {
                        description: `The entity tag of what was saved (${route.ifMatch}).`,
                        schema: { type: 'string' },
                      },
                    },
                  }
                : {}),
              content: {
                [route.responseMediaType ?? 'application/json']: { schema: answer.schema },
              },
            },
            ...(route.acceptedStatus
              ? {
                  [String(route.acceptedStatus)]: {
                    description: 'Accepted: the work goes on after the answer.',
                    content: { 'application/json': { schema: answer.schema } },
                  },
                }
              : {}),
          };
    const tag = routeTag(route.path);
    tags.add(tag);
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      tags: [tag],
      security: operationSecurity(route),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        ...success,
        ...(route.ifMatch
          ? {
              '412': {
                ...errorAnswer,
                description:
                  'PRECONDITION_FAILED: the resource changed since the If-Match tag was read; nothing was written.',
              },
            }
          : {}),
        '4XX': errorAnswer,
        '5XX': errorAnswer,
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Expiry Radar API',
      version: options.version,
      description:
        'Every call of Expiry Radar. Browsers sign in with a session cookie and send the CSRF header on writes.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { schemas, securitySchemes: SECURITY_SCHEMES },
  };
}
