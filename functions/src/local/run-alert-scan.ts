/**
 * `npm run alerts:scan`: runs one expiry scan now in the running local runtime (`npm start`),
 * through its local-only control endpoint named in `.data/endpoints.json`. The runtime's queue
 * poller then delivers what the scan enqueued within seconds. `npm run alerts:weekly-summary`
 * (this script with `weekly-summary`) runs the weekly summary job now instead (with `--now`, a
 * preview: every summary turned on is sent at once, whatever the day), and
 * `npm run email:bounce -- <address>` (`email-bounce <address>`) posts a recorded SES bounce of
 * that address through the email feedback job, which puts it on the suppression list.
 * `npm run endpoints:check` (with `endpoints`) the endpoint check dispatcher, whose messages the
 * runtime's endpoint queue poller hands to the check worker (with `--all`, every endpoint,
 * whatever its last check). `npm run integrations:sync` (with
 * `integrations`) the integration sync dispatcher: the integrations due for their daily sync go
 * through the queue to the sync worker. `npm run domains:check` (with `domains`) the registration
 * check dispatcher: the followed domains due are looked up (with `--all`, every one, whatever its
 * schedule) at the local RDAP stand-in through the queue and its worker. `npm run ct:watch` (with
 * `ct`) the certificate transparency watch dispatcher: the watched domains due are read (with
 * `--all`, every one, whatever its next read) at the local Cert Spotter stand-in through the
 * queue and its worker.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { controlAuthorization } from './local-control-server';

const projectRoot = resolve(__dirname, '../../..');

async function main(): Promise<void> {
  const dataDirectory = resolve(projectRoot, process.env.DATA_DIR ?? '.data');
  const endpointsFile = join(dataDirectory, 'endpoints.json');
  if (!existsSync(endpointsFile)) {
    throw new Error(`No ${endpointsFile}: start the app first with npm start (or npm run dev).`);
  }
  const { control, controlSecret } = JSON.parse(readFileSync(endpointsFile, 'utf8')) as {
    control?: string;
    controlSecret?: string;
  };
  if (!control || !controlSecret) {
    throw new Error(`${endpointsFile} names no control endpoint: restart the app.`);
  }
  const command = process.argv[2];
  const job =
    command === 'weekly-summary'
      ? 'weekly-summary'
      : command === 'email-bounce'
        ? 'bounce'
        : command === 'endpoints'
          ? 'endpoints'
          : command === 'integrations'
            ? 'integrations'
            : command === 'domains'
              ? 'domains'
              : command === 'ct'
                ? 'ct'
                : 'scan';
  const address = process.argv[3] ?? '';
  const flags = process.argv.slice(3);
  const preview = job === 'weekly-summary' && flags.includes('--now');
  const everyEndpoint =
    (job === 'endpoints' || job === 'domains' || job === 'ct') && flags.includes('--all');
  if (job === 'bounce' && !address.includes('@')) {
    throw new Error('Give the address that bounces: npm run email:bounce -- <address>');
  }
  const path =
    job === 'bounce'
      ? `/email/bounce?${new URLSearchParams({ address }).toString()}`
      : job === 'endpoints'
        ? `/endpoints/check${everyEndpoint ? '?all' : ''}`
        : job === 'integrations'
          ? '/integrations/sync'
          : job === 'domains'
            ? `/domains/check${everyEndpoint ? '?all' : ''}`
            : job === 'ct'
              ? `/ct/watch${everyEndpoint ? '?all' : ''}`
              : `/alerts/${job}${preview ? '?now' : ''}`;
  const response = await fetch(`${control}${path}`, {
    method: 'POST',
    headers: controlAuthorization(controlSecret),
  }).catch(() => {
    throw new Error(`The app does not answer at ${control}: is it running?`);
  });
  const result: unknown = await response.json();
  if (!response.ok) throw new Error(`The ${job} failed: ${JSON.stringify(result)}`);
  const done = {
    scan: 'Expiry scan done:',
    'weekly-summary': preview ? 'Weekly summary previews sent:' : 'Weekly summary done:',
    bounce: `Bounce of ${address} handled:`,
    endpoints: 'Endpoint checks queued:',
    integrations: 'Integration syncs queued:',
    domains: 'Registration checks queued:',
    ct: 'Certificate transparency watch done:',
  }[job];
  console.log(done, result);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
