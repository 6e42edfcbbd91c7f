import { servedOpenApiDocument } from '@expiry-radar/shared/api/served-openapi-document';
import { platformRoutes } from '@expiry-radar/shared/api/routes/platform-routes';
import { createHttpHandler } from '../pipeline/create-http-handler';

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 description, built from the route table: in the
 * deployed function at synth, when the function is bundled (served-openapi-document.ts), so it
 * always describes the deployed routes.
 */
export const handler = createHttpHandler(platformRoutes.getOpenApiDocument, () => ({
  body: servedOpenApiDocument(),
  headers: { 'cache-control': 'public, max-age=300' },
}));
