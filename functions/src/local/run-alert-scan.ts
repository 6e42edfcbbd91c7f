/**
 * `npm run alerts:scan`: runs one expiry scan now in the running local runtime (`npm start`),
 * through its local-only control endpoint named in `.data/endpoints.json`. The runtime's queue
 * poller then delivers what the scan enqueued within seconds. `npm run alerts:weekly-summary`
 * (this script with `weekly-summary`) runs the weekly summary job now instead.
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
  const job = process.argv[2] === 'weekly-summary' ? 'weekly-summary' : 'scan';
  const response = await fetch(`${control}/alerts/${job}`, {
    method: 'POST',
    headers: controlAuthorization(controlSecret),
  }).catch(() => {
    throw new Error(`The app does not answer at ${control}: is it running?`);
  });
  const result: unknown = await response.json();
  if (!response.ok) throw new Error(`The ${job} failed: ${JSON.stringify(result)}`);
  console.log(job === 'scan' ? 'Expiry scan done:' : 'Weekly summary done:', result);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
