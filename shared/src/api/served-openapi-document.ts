/**
 * The OpenAPI document `GET /api/openapi.json` serves. Here it is built from the route table when
 * first asked for (tests, the local server). The functions' bundles get it built at synth instead:
 * infra's bundling aliases this module to one that holds the document as JSON text
 * (`servedOpenApiDocumentModule`, infra/constructs/function-bundles.ts), so the document's function
 * loads neither every area's schemas nor their conversion to JSON Schema: they had made its cold
 * start the slowest of the routes (`npm run bench -- cold-starts`).
 */
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { routeTable } from './route-table';

let document: OpenApiDocument | undefined;

export function servedOpenApiDocument(): OpenApiDocument {
  document ??= buildOpenApiDocument(routeTable);
  return document;
}
