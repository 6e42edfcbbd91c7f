/**
 * The whole production deployment: data (stateful), api, web; checked by cdk-nag's AWS Solutions
 * pack, whose unacknowledged findings fail synthesis; jobs (expiry scan, alert worker).
 */
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readAccountContext, readAppContext, readBillingContext } from '../config/app-context';
import { ApiStack, type ApiStackProps } from './api-stack';
import { DataStack } from './data-stack';
import { JobsStack } from './jobs-stack';
import { WebStack } from './web-stack';

export const STACK_NAMES = {
  data: 'ExpiryRadarData',
  api: 'ExpiryRadarApi',
  jobs: 'ExpiryRadarJobs',
  web: 'ExpiryRadarWeb',
} as const;

export interface ExpiryRadarStacks {
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly jobs: JobsStack;
  readonly web: WebStack;
}

export interface ExpiryRadarOptions {
  /** Overrides for tests (fixture handler modules); production uses the defaults. */
  readonly api?: Pick<ApiStackProps, 'routes' | 'handlersDir'>;
  readonly webDistDir?: string;
}

/**
 * Cross-stack references stay CloudFormation exports ("strong"): a producer stack cannot drop a
 * value a consumer still imports. Set in cdk.json (or -c) to choose otherwise.
 */
const CROSS_STACK_REFERENCES_FLAG = '@aws-cdk/core:defaultCrossStackReferences';

export function createExpiryRadar(app: App, options: ExpiryRadarOptions = {}): ExpiryRadarStacks {
  if (app.node.tryGetContext(CROSS_STACK_REFERENCES_FLAG) === undefined) {
    app.node.setContext(CROSS_STACK_REFERENCES_FLAG, 'strong');
  }
  const context = readAppContext(app.node);
  const description = (part: string): string => `Expiry Radar: ${part}`;

  const data = new DataStack(app, STACK_NAMES.data, {
    description: description('table and alert queues (stateful, retained)'),
    terminationProtection: true,
  });
  const api = new ApiStack(app, STACK_NAMES.api, {
    description: description('HTTP API and one function per route'),
    resources: data.resources,
    appOrigin: context.appOrigin,
    accountSettings: readAccountContext(app.node),
    billingSettings: readBillingContext(app.node),
    ...options.api,
  });
  const jobs = new JobsStack(app, STACK_NAMES.jobs, {
    description: description('expiry scan schedule and alert worker'),
    resources: data.resources,
    appOrigin: context.appOrigin,
    accountSettings: readAccountContext(app.node),
  });
  const web = new WebStack(app, STACK_NAMES.web, {
    description: description('SPA bucket and CloudFront distribution'),
    apiDomainName: api.apiDomainName,
    context,
    ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { data, api, jobs, web };
}
