import { buildOpenApiDocument } from '@expiry-radar/shared/api/openapi-document';
import { routeTable } from '@expiry-radar/shared/api/route-table';
import { createHttpHandler } from '../pipeline/create-http-handler';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 description. It is built from the route table
 * bundled into this function, once per container, so it always describes the deployed routes.
 */
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const handler = createHttpHandler(platformRoutes.getOpenApiDocument, () => {
  document ??= buildOpenApiDocument(routeTable);
  return { body: document, headers: { 'cache-control': 'public, max-age=300' } };
});
