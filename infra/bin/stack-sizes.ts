/**
 * Prints the resource count of every stack (`npx tsx infra/bin/stack-sizes.ts`, offline, no
 * bundling) against the budget and CloudFormation's limit (infra/stacks/stack-sizes.ts).
 */
import { App } from 'aws-cdk-lib';
import { createExpiryRadar } from '../stacks/expiry-radar';
import {
  CLOUDFORMATION_RESOURCE_LIMIT,
  STACK_RESOURCE_BUDGET,
  stackSizes,
} from '../stacks/stack-sizes';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
createExpiryRadar(app);
const sizes = stackSizes(app);
const width = Math.max(...sizes.map((size) => size.path.length));
for (const { path, resources } of sizes) {
  const mark = resources >= STACK_RESOURCE_BUDGET ? '  over budget' : '';
  console.log(`${path.padEnd(width)}  ${String(resources).padStart(3)}${mark}`);
}
console.log(
  `budget ${STACK_RESOURCE_BUDGET} resources a stack, CloudFormation limit ${CLOUDFORMATION_RESOURCE_LIMIT}; total ${sizes.reduce((sum, size) => sum + size.resources, 0)}`,
);
