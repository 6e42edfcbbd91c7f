import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildTestApp } from '../test-support/test-app';
import { STACK_NAMES } from './expiry-radar';

describe('the app', () => {
  const { app, stacks } = buildTestApp();
  const all = [stacks.data, stacks.api, stacks.jobs, stacks.web];

  it('has the data, api, jobs and web stacks, environment-agnostic (no WAF stack by default)', () => {
    const { waf: _waf, ...withoutWaf } = STACK_NAMES;
    expect(all.map((stack) => stack.stackName)).toEqual(Object.values(withoutWaf));
    expect(stacks.waf).toBeUndefined();
    for (const stack of all) {
      expect(stack.environment).toBe('aws://unknown-account/unknown-region');
    }
  });

  it('leaves no cdk-nag AWS Solutions finding unacknowledged', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    const findings = report.violations.map(
      (violation) =>
        `${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath ?? r.resourceLogicalId).join(', ')}`,
    );
    expect(findings).toEqual([]);
  });

  it('reports no errors in any stack, and synthesizes with the nag plugin registered', () => {
    for (const stack of all) {
      Annotations.fromStack(stack).hasNoError('*', Match.anyValue());
    }
    expect(() => app.synth()).not.toThrow();
  });

  // CloudFormation allows 500 resources a stack. The api stack takes 7 per route (function, role,
  // policy, log group, integration, permission, route) and is close to this margin: split its
  // routes by area into stacks before adding many more.
  it('keeps each stack well below the CloudFormation resource limit', () => {
    const assembly = app.synth();
    for (const stack of all) {
      const template = assembly.getStackByName(stack.stackName).template as {
        Resources: Record<string, unknown>;
      };
      expect(Object.keys(template.Resources).length).toBeLessThan(420);
    }
  });
});
