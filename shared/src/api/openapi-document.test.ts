import { validate } from '@readme/openapi-parser';
import * as z from 'zod';
import {
  buildOpenApiDocument,
  operationSecurity,
  routeTag,
  SchemaConversionError,
} from './openapi-document';
import { idParams, okResponse } from './common-schemas';
import { routeTable, type RouteDefinition } from './route-table';

const document = buildOpenApiDocument(routeTable);

/** Every `METHOD path` the document describes. */
function describedOperations(built: ReturnType<typeof buildOpenApiDocument>): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(built.paths)) {
    for (const method of Object.keys(item)) operations.add(`${method.toUpperCase()} ${path}`);
  }
  return operations;
}

describe('buildOpenApiDocument', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(document) as never);
    expect([result.valid, 'errors' in result ? result.errors : []]).toEqual([true, []]);
  });

  it('is checked by a validator that refuses a broken document', async () => {
    const broken = structuredClone(document) as unknown as {
      paths: Record<string, Record<string, { parameters: { in: string }[] }>>;
    };
    broken.paths['/api/tokens']!.get!.parameters[0]!.in = 'nowhere';
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
  });

  it('describes every route of the table but the catch-all, by its id', () => {
    const operations = describedOperations(document);
    const described = routeTable.filter((route) => route.method !== 'ANY');
    for (const route of described) {
      expect(operations).toContain(`${route.method} ${route.path}`);
      const operation = document.paths[route.path]?.[route.method.toLowerCase()] as {
        operationId: string;
      };
      expect(operation.operationId).toBe(route.id);
    }
    expect(operations.size).toBe(described.length);
  });

  it('misses a route that is left out of the table it is built from', () => {
    const withoutOne = routeTable.filter((route) => route.id !== 'createToken');
    const operations = describedOperations(buildOpenApiDocument(withoutOne));
    expect(operations).not.toContain('POST /api/tokens');
  });

  it('describes path and query parameters, the body and the answer', () => {
    const update = document.paths['/api/tokens/{id}']?.put as {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: { content: Record<string, { schema: { type: string } }> };
      responses: Record<string, unknown>;
    };
    expect(update.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'If-Match', in: 'header', required: false }),
    ]);
    expect(update.requestBody.content['application/json']?.schema.type).toBe('object');
    expect(Object.keys(update.responses)).toEqual(['200', '412', '4XX', '5XX']);
    expect(Object.keys((update.responses['200'] as { headers: object }).headers)).toEqual(['ETag']);
    const remove = document.paths['/api/tokens/{id}']?.delete as {
      responses: Record<string, unknown>;
    };
    expect(Object.keys(remove.responses)).toEqual(['200', '4XX', '5XX']);
    const list = document.paths['/api/tokens']?.get as {
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(list.parameters).toContainEqual(
      expect.objectContaining({ name: 'workspace_id', in: 'query' }),
    );
    const create = document.paths['/api/tokens']?.post as { responses: Record<string, unknown> };
    expect(Object.keys(create.responses)).toContain('201');
    const feed = document.paths['/api/v1/workspaces/{id}/calendar.ics']?.get as {
      responses: { '200': { content: Record<string, unknown> } };
    };
    expect(Object.keys(feed.responses['200'].content)).toEqual(['text/calendar']);
  });

  it('names the error body and the security schemes', () => {
    expect(document.components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: ['error', 'code'],
    });
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: '__Host-er_session' },
      csrfHeader: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
      bearerApiKey: { type: 'http', scheme: 'bearer' },
    });
  });

  it('fails with the route and part named when a schema cannot be described', () => {
    const route: RouteDefinition = {
      id: 'brokenRoute',
      method: 'POST',
      path: '/api/broken',
      auth: 'session',
      summary: 'A body with a custom check JSON Schema cannot express.',
      request: { body: z.object({ at: z.date() }) },
      response: okResponse,
    };
    expect(() => buildOpenApiDocument([route])).toThrow(SchemaConversionError);
    expect(() => buildOpenApiDocument([route])).toThrow(/body schema of route brokenRoute/);
  });

  it('fails when path parameters are not an object of named values', () => {
    const route: RouteDefinition = {
      id: 'oddParams',
      method: 'GET',
      path: '/api/odd/{id}',
      auth: 'public',
      summary: 'Parameters as a string.',
      request: { params: z.string() },
      response: okResponse,
    };
    expect(() => buildOpenApiDocument([route])).toThrow(/params schema of route oddParams/);
    expect(() => buildOpenApiDocument([{ ...route, request: { params: idParams } }])).not.toThrow();
  });
});

describe('operationSecurity', () => {
  it('asks nothing of public routes, the session of others and CSRF on writes', () => {
    expect(operationSecurity({ auth: 'public', method: 'POST' })).toEqual([]);
    expect(operationSecurity({ auth: 'verifiedSession', method: 'GET' })).toEqual([
      { sessionCookie: [] },
    ]);
    expect(operationSecurity({ auth: 'session', method: 'DELETE' })).toEqual([
      { sessionCookie: [], csrfHeader: [] },
    ]);
  });

  it('offers a bearer API key as the alternative on the routes that take keys', () => {
    expect(
      operationSecurity({ auth: 'verifiedSession', method: 'POST', apiKey: 'workspace' }),
    ).toEqual([{ sessionCookie: [], csrfHeader: [] }, { bearerApiKey: [] }]);
    expect(operationSecurity({ auth: 'session', method: 'GET' })).not.toContainEqual({
      bearerApiKey: [],
    });
  });
});

describe('routeTag', () => {
  it('tags a route by its area', () => {
    expect(routeTag('/auth/login')).toBe('auth');
    expect(routeTag('/api/tokens/{id}')).toBe('tokens');
    expect(routeTag('/api/v1/workspaces/{id}')).toBe('workspaces');
    expect(routeTag('/api/v1/workspaces/{id}/members/{userId}')).toBe('members');
    expect(routeTag('/api/v1/workspaces/{id}/calendar.ics')).toBe('calendar');
    expect(routeTag('/api/openapi.json')).toBe('openapi');
  });
});
