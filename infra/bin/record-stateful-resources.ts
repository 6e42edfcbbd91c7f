/**
 * `npm run record:stateful`: records the stateful resources of the app as they are now (logical
 * ids, replacement properties, deletion policies) in infra/stacks/stateful-resources.recorded.json,
 * which infra/stacks/stateful-resources.test.ts compares with every synthesis. Run it only for a
 * change meant to replace or add a stateful resource, and commit the file with that change.
 */
import { writeFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { format } from 'prettier';
import { createExpiryRadar } from '../stacks/expiry-radar';
import {
  RECORDED_STATEFUL_RESOURCES,
  RECORDING_CONTEXT,
  statefulResourcesOfApp,
} from '../stacks/stateful-resources';

async function main(): Promise<void> {
  const app = new App({ context: RECORDING_CONTEXT });
  createExpiryRadar(app);
  const recorded = statefulResourcesOfApp(app);
  const text = await format(JSON.stringify(recorded), { parser: 'json' });
  writeFileSync(RECORDED_STATEFUL_RESOURCES, text);
  const count = Object.values(recorded).reduce((sum, stack) => sum + Object.keys(stack).length, 0);
  console.log(`Recorded ${count} stateful resources in ${RECORDED_STATEFUL_RESOURCES}`);
}

void main();
