/**
 * `npm run rdap:bootstrap`: replaces the repository's RDAP bootstrap snapshot
 * (functions/src/adapters/rdap-bootstrap.snapshot.json) with IANA's current file, read and checked
 * as the weekly bootstrap job reads it (jobs/rdap-bootstrap-refresh.ts). Commit the result.
 *
 * `npm run rdap:bootstrap -- --from-file <path>` writes it from a copy on disk instead, for a
 * machine that cannot reach IANA: a whole bootstrap file, or only its `services` list (as the npm
 * package `freewhois` ships IANA's file, in its `tlds.json`), checked the same way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IANA_RDAP_BOOTSTRAP_URL, readRdapBootstrapFile } from '../jobs/rdap-bootstrap-refresh';
import { rdapBootstrapSchema, type RdapBootstrap } from '../domain/rdap';

/** A bootstrap file, or its services list alone, read from disk and checked. */
export function bootstrapFromCopy(text: string, source: string): RdapBootstrap {
  const json: unknown = JSON.parse(text);
  const parsed = rdapBootstrapSchema.safeParse(
    Array.isArray(json)
      ? {
          // A services list says not when IANA published it: the copy's source says which.
          description: `RDAP bootstrap file for Domain Name System registrations: the services of ${IANA_RDAP_BOOTSTRAP_URL} as copied in ${source}`,
          version: '1.0',
          services: json,
        }
      : json,
  );
  if (!parsed.success || parsed.data.services.length === 0) {
    throw new Error(`${source} is not an RDAP bootstrap file or its services list`);
  }
  return parsed.data;
}

async function main(): Promise<void> {
  process.env.APP_ENV ??= 'local';
  const fromFile = process.argv.indexOf('--from-file');
  const copyPath = fromFile === -1 ? undefined : process.argv[fromFile + 1];
  if (fromFile !== -1 && !copyPath) throw new Error('--from-file takes the path of a copy');
  const bootstrap = copyPath
    ? bootstrapFromCopy(readFileSync(copyPath, 'utf8'), copyPath)
    : (await readRdapBootstrapFile(IANA_RDAP_BOOTSTRAP_URL)).bootstrap;
  const file = join(__dirname, '../adapters/rdap-bootstrap.snapshot.json');
  // Formatted as the repository's formatter keeps it, so a refresh shows only what changed.
  const { format, resolveConfig } = await import('prettier');
  const style = await resolveConfig(file);
  writeFileSync(file, await format(JSON.stringify(bootstrap), { ...style, parser: 'json' }));
  console.log(
    `Wrote ${bootstrap.services.length} services (published ${bootstrap.publication ?? 'undated'}) to ${file}`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
