/**
 * The whole production deployment: data (stateful, and the alarm topic), api (the HTTP API and
 * its secrets), one stack of route functions per area of routes, jobs (expiry scan, alert
 * worker), web; with `wafEnabled`, a WAF stack in us-east-1. Checked by cdk-nag's AWS Solutions
 * pack, whose unacknowledged findings fail synthesis. Every alarm notifies the topic.
 */
import * as path from 'node:path';
import { AspectPriority, Aspects, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import {
  EDGE_CONTEXT_KEYS,
  readAccountContext,
  readAppContext,
  readBillingContext,
  readEdgeContext,
  type EdgeContext,
} from '../config/app-context';
import { implementedRoutes, routesByArea } from '../config/route-areas';
import { AlarmNotifications } from '../constructs/alarm-notifications';
import { REPO_ROOT } from '../constructs/app-function';
import type { ImplementedRoute } from '../constructs/http-routes';
import { ApiRoutesStack, apiRoutesStackName } from './api-routes-stack';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { JobsStack } from './jobs-stack';
import { WafStack } from './waf-stack';
import { WebStack } from './web-stack';

/** The fixed stacks; each area of routes adds `ExpiryRadarApi<Area>` (apiRoutesStackName). */
export const STACK_NAMES = {
  data: 'ExpiryRadarData',
  api: 'ExpiryRadarApi',
  jobs: 'ExpiryRadarJobs',
  web: 'ExpiryRadarWeb',
  waf: 'ExpiryRadarWaf',
} as const;

export interface ExpiryRadarStacks {
  readonly data: DataStack;
  readonly api: ApiStack;
  /** One per area of routes (functions/src/http/<area>/), in alphabetical order of area. */
  readonly apiRoutes: readonly ApiRoutesStack[];
  readonly jobs: JobsStack;
  readonly web: WebStack;
  /** Only with the context flag `wafEnabled`. */
  readonly waf: WafStack | undefined;
}

export interface ExpiryRadarOptions {
  /** Overrides for tests (fixture handler modules); production uses the defaults. */
  readonly api?: {
    /** @default every implemented route of the route table */
    readonly routes?: readonly ImplementedRoute[];
    /** @default functions/src/http of this repository */
    readonly handlersDir?: string;
  };
  readonly webDistDir?: string;
}

/**
 * Cross-stack references stay CloudFormation exports ("strong"): a producer stack cannot drop a
 * value a consumer still imports. Set in cdk.json (or -c) to choose otherwise.
 */
const CROSS_STACK_REFERENCES_FLAG = '@aws-cdk/core:defaultCrossStackReferences';

/**
 * Without WAF every stack is environment-agnostic (`cdk synth` needs no account or region). With
 * WAF the web stack imports the web ACL's ARN from us-east-1, and CDK's cross-region references
 * need the region of both ends, so the stacks get the deployment region.
 */
function environmentOf(edge: EdgeContext): Environment | undefined {
  if (!edge.wafEnabled) return undefined;
  if (!edge.region) {
    throw new Error(
      `${EDGE_CONTEXT_KEYS.wafEnabled} needs the deployment region: set it with -c ${EDGE_CONTEXT_KEYS.region}=<region> (the CDK CLI otherwise takes it from the AWS profile).`,
    );
  }
  return { region: edge.region };
}

export function createExpiryRadar(app: App, options: ExpiryRadarOptions = {}): ExpiryRadarStacks {
  if (app.node.tryGetContext(CROSS_STACK_REFERENCES_FLAG) === undefined) {
    app.node.setContext(CROSS_STACK_REFERENCES_FLAG, 'strong');
  }
  const context = readAppContext(app.node);
  const edge = readEdgeContext(app.node);
  const env = environmentOf(edge);
  const description = (part: string): string => `Expiry Radar: ${part}`;

  const data = new DataStack(app, STACK_NAMES.data, {
    env,
    description: description('table, alert queues (stateful, retained) and the alarm topic'),
    terminationProtection: true,
    alarmEmail: edge.alarmEmail,
  });
  const api = new ApiStack(app, STACK_NAMES.api, {
    env,
    description: description('HTTP API, its stage, alarm and secrets (routes: one stack per area)'),
    resources: data.resources,
    appOrigin: context.appOrigin,
    accountSettings: readAccountContext(app.node),
    billingSettings: readBillingContext(app.node),
  });
  const handlersDir = options.api?.handlersDir ?? path.join(REPO_ROOT, 'functions', 'src', 'http');
  const apiRoutes = routesByArea(options.api?.routes ?? implementedRoutes()).map(
    ({ area, routes }) =>
      new ApiRoutesStack(app, apiRoutesStackName(STACK_NAMES.api, area), {
        env,
        description: description(`routes of the ${area} area, one function each`),
        api,
        resources: data.resources,
        area,
        routes,
        handlersDir,
      }),
  );
  const jobs = new JobsStack(app, STACK_NAMES.jobs, {
    env,
    description: description('expiry scan schedule and alert worker'),
    resources: data.resources,
    appOrigin: context.appOrigin,
    accountSettings: readAccountContext(app.node),
  });
  const waf = edge.wafEnabled
    ? new WafStack(app, STACK_NAMES.waf, {
        description: description('WAF web ACL of the CloudFront distribution (us-east-1)'),
      })
    : undefined;
  const web = new WebStack(app, STACK_NAMES.web, {
    env,
    crossRegionReferences: waf !== undefined,
    description: description('SPA bucket and CloudFront distribution'),
    apiDomainName: api.apiDomainName,
    originSecret: api.originSecret,
    originSecretRotation: edge.originSecretRotation,
    webAclArn: waf?.webAcl.attrArn,
    context,
    ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
  });

  Aspects.of(app).add(new AlarmNotifications(data.alarmTopic), {
    priority: AspectPriority.MUTATING,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { data, api, apiRoutes, jobs, web, waf };
}
