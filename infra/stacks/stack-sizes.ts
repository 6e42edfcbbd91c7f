/**
 * How many resources each stack of the app holds, nested stacks included, against
 * CloudFormation's hard limit of 500 per stack and the budget the tests hold every stack to.
 */
import { Stack, type App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

export const CLOUDFORMATION_RESOURCE_LIMIT = 500;

/**
 * Every stack stays below this, 200 under the limit: a route costs 7 resources (function, role,
 * policy, log group, invoke permission, integration, route), so a stack at the budget could still
 * take about 28 routes before CloudFormation refuses it, and a failing test asks for a new area
 * (a new folder under functions/src/http) long before a deploy would fail.
 */
export const STACK_RESOURCE_BUDGET = 300;

export interface StackSize {
  /** The construct path: `ExpiryRadarApiTokens`, or `Parent/Child` for a nested stack. */
  readonly path: string;
  readonly resources: number;
}

export function stackSizes(app: App): StackSize[] {
  return app.node
    .findAll()
    .filter((construct): construct is Stack => Stack.isStack(construct))
    .map((stack) => {
      const template = Template.fromStack(stack).toJSON() as { Resources?: object };
      return { path: stack.node.path, resources: Object.keys(template.Resources ?? {}).length };
    });
}
