/**
 * `npm run openapi`: writes the API's OpenAPI 3.1 description, built from the route table, to
 * `openapi/openapi.json` (for clients and code generators; the deployed `GET /api/openapi.json`
 * serves the same document, built from the same table when its function is bundled). Fails,
 * naming the route and part, when a schema cannot be described.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/api/openapi-document';
import { routeTable } from '../src/api/route-table';

const output = resolve(__dirname, '../../openapi/openapi.json');
mkdirSync(resolve(output, '..'), { recursive: true });
writeFileSync(output, `${JSON.stringify(buildOpenApiDocument(routeTable), null, 2)}\n`);
console.log(`Wrote ${output}`);
