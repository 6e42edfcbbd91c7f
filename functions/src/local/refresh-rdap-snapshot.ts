/**
 * `npm run rdap:bootstrap`: replaces the repository's RDAP bootstrap snapshot
 * (functions/src/adapters/rdap-bootstrap.snapshot.json) with IANA's current file, read and checked
 * as the weekly bootstrap job reads it (jobs/rdap-bootstrap-refresh.ts). Commit the result.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IANA_RDAP_BOOTSTRAP_URL, readRdapBootstrapFile } from '../jobs/rdap-bootstrap-refresh';

async function main(): Promise<void> {
  process.env.APP_ENV ??= 'local';
  const { bootstrap } = await readRdapBootstrapFile(IANA_RDAP_BOOTSTRAP_URL);
  const file = join(__dirname, '../adapters/rdap-bootstrap.snapshot.json');
  writeFileSync(file, `${JSON.stringify(bootstrap, null, 2)}\n`);
  console.log(
    `Wrote ${bootstrap.services.length} services (published ${bootstrap.publication ?? 'undated'}) to ${file}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
