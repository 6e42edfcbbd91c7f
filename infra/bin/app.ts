/**
 * CDK entry point (cdk.json: `npx tsx infra/bin/app.ts`). Environment-agnostic: no account or
 * region lookups, so `cdk synth` runs offline. Context keys: see infra/config/app-context.ts.
 */
import { App } from 'aws-cdk-lib';
import { addCdkNagChecks, createExpiryRadar } from '../stacks/expiry-radar';

const app = new App();
createExpiryRadar(app);
addCdkNagChecks(app);
app.synth();
