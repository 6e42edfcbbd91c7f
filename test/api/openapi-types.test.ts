import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildOpenApiDocument } from '@expiry-radar/shared/api/openapi-document';
import { routeTable } from '@expiry-radar/shared/api/route-table';

/**
 * The client types the API tests call with (`openapi-types.generated.ts`) are openapi-typescript's
 * output for the current route table: a route or schema changed without `npm run openapi:types`
 * fails here.
 */
describe('openapi-types.generated.ts', () => {
  it('is what openapi-typescript generates from the current description', () => {
    const directory = mkdtempSync(join(tmpdir(), 'expiry-radar-openapi-'));
    try {
      const documentFile = join(directory, 'openapi.json');
      const typesFile = join(directory, 'openapi-types.ts');
      writeFileSync(documentFile, JSON.stringify(buildOpenApiDocument(routeTable), null, 2));
      const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
      execFileSync(process.execPath, [cli, documentFile, '-o', typesFile], { stdio: 'pipe' });
      expect(readFileSync(join(__dirname, 'openapi-types.generated.ts'), 'utf8')).toBe(
        readFileSync(typesFile, 'utf8'),
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
