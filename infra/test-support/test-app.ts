/**
 * Builds the real app for assertion tests, without esbuild bundling (context
 * `aws:cdk:bundling-stacks: []`), so tests stay fast and need no build output; and without a
 * stack trace in each construct's metadata (`aws:cdk:disable-stack-trace`, as the CDK CLI
 * synthesizes unless asked to debug), which cost a twentieth of each synthesis.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import {
  createExpiryRadar,
  type ExpiryRadarOptions,
  type ExpiryRadarStacks,
} from '../stacks/expiry-radar';

export interface TestApp {
  readonly app: App;
  readonly stacks: ExpiryRadarStacks;
  readonly templates: {
    readonly data: Template;
    readonly api: Template;
    /** One per area of routes, in the order of `stacks.apiRoutes`. */
    readonly apiRoutes: readonly Template[];
    readonly jobs: Template;
    readonly web: Template;
  };
}

export function buildTestApp(
  context: Record<string, unknown> = {},
  options: ExpiryRadarOptions = {},
): TestApp {
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-stack-trace': true, ...context },
  });
  const stacks = createExpiryRadar(app, options);
  return {
    app,
    stacks,
    templates: {
      data: Template.fromStack(stacks.data),
      api: Template.fromStack(stacks.api),
      apiRoutes: stacks.apiRoutes.map((stack) => Template.fromStack(stack)),
      jobs: Template.fromStack(stacks.jobs),
      web: Template.fromStack(stacks.web),
    },
  };
}

/**
 * cdk-nag's AWS Solutions findings nobody acknowledged, one line each (rule: resources). The
 * deployed app runs these checks at every synthesis (`addCdkNagChecks`); a test runs them once
 * for each kind of app it builds.
 */
export function nagFindings(app: App): string[] {
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations.map(
    (violation) =>
      `${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath ?? r.resourceLogicalId).join(', ')}`,
  );
}

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** The resources of a type, keyed by logical id. */
export function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/**
 * The resources of a type in several templates (the route stacks), keyed by logical id. Each
 * route's resources, and the references between them, live in one template; a logical id found
 * twice would make the merge ambiguous, so it throws.
 */
export function resourcesAcross(templates: readonly Template[], type: string): Resources {
  const merged: Resources = {};
  for (const template of templates) {
    for (const [logicalId, resource] of Object.entries(resourcesOf(template, type))) {
      if (logicalId in merged) throw new Error(`${logicalId} is in two templates`);
      merged[logicalId] = resource;
    }
  }
  return merged;
}
