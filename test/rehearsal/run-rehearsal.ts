/**
 * `npm run rehearse` (after `npm run synth`): rehearses the cloud assembly in cdk.out, or the one
 * given with `--assembly <dir>`; `--only <text>` rehearses the functions whose construct path
 * contains the text. Prints the table and exits 1 when anything failed.
 */
import { resolve } from 'node:path';
import { applyLocalCredentials } from '@expiry-radar/functions/local/emulators/local-credentials';
import { rehearse } from './rehearsal';
import { formatRehearsalTable } from './rehearsal-table';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  // This process seeds the emulators (the functions get their own environment).
  applyLocalCredentials();
  const assemblyDirectory = resolve(option('assembly') ?? 'cdk.out');
  const only = option('only');
  const report = await rehearse({
    assemblyDirectory,
    ...(only ? { only: (fn) => fn.path.includes(only) } : {}),
    log: (line) => console.log(line),
  });
  console.log(formatRehearsalTable(report));
  console.log(report.ok ? '\nRehearsal passed.' : '\nRehearsal FAILED.');
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
