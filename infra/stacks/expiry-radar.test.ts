import { Stack } from 'aws-cdk-lib';
import { SynthesisMessageLevel } from 'aws-cdk-lib/cx-api';
import { buildTestApp, nagFindings } from '../test-support/test-app';
import { addCdkNagChecks, STACK_NAMES } from './expiry-radar';
import { STACK_RESOURCE_BUDGET, stackSizes } from './stack-sizes';

describe('the app', () => {
  const { app, stacks } = buildTestApp();
  const all = [stacks.data, stacks.api, ...stacks.apiRoutes, stacks.jobs, stacks.web];

  it('has the data, api, route, jobs and web stacks, environment-agnostic (no WAF stack by default)', () => {
    const { waf: _waf, email: _email, certificate: _certificate, ...withoutWaf } = STACK_NAMES;
    expect([stacks.data, stacks.api, stacks.jobs, stacks.web].map((s) => s.stackName)).toEqual(
      Object.values(withoutWaf),
    );
    expect(stacks.apiRoutes.length).toBeGreaterThan(1);
    for (const routeStack of stacks.apiRoutes) {
      expect(routeStack.stackName).toMatch(new RegExp(`^${STACK_NAMES.api}[A-Z][A-Za-z0-9]*$`));
    }
    expect(stacks.waf).toBeUndefined();
    expect(stacks.email).toBeUndefined();
    expect(stacks.certificate).toBeUndefined();
    for (const stack of all) {
      expect(stack.environment).toBe('aws://unknown-account/unknown-region');
    }
  });

  it('leaves no cdk-nag AWS Solutions finding unacknowledged', () => {
    expect(nagFindings(app)).toEqual([]);
  });

  it('reports no errors in any stack, and synthesizes with the nag plugin registered', () => {
    addCdkNagChecks(app);
    // One forced synthesis read for every stack: `Annotations.fromStack` would synthesize the
    // whole app again for each of them.
    const assembly = app.synth({ force: true });
    const errors = all.flatMap((stack) =>
      assembly
        .getStackArtifact(stack.artifactId)
        .messages.filter((message) => message.level === SynthesisMessageLevel.ERROR)
        .map((message) => `${message.id}: ${JSON.stringify(message.entry.data)}`),
    );
    expect(errors).toEqual([]);
  });
});

describe('stack sizes', () => {
  // The budget (300, against CloudFormation's hard limit of 500) leaves every stack room for
  // about 28 more routes at 7 resources each; see STACK_RESOURCE_BUDGET.
  it.each([
    ['by default', {}],
    ['with WAF', { wafEnabled: 'true', region: 'eu-west-1' }],
  ])(
    '%s, keeps every stack (nested ones included) below the resource budget',
    (_setting, context) => {
      const { app } = buildTestApp(context);
      const sizes = stackSizes(app);
      expect(sizes.map((size) => size.path)).toEqual(
        app.node
          .findAll()
          .filter((construct) => Stack.isStack(construct))
          .map((stack) => stack.node.path),
      );
      const overBudget = sizes.filter((size) => size.resources >= STACK_RESOURCE_BUDGET);
      expect(overBudget).toEqual([]);
    },
  );
});
