/**
 * The whole production deployment: data (stateful, and the alarm topic), api, jobs (expiry scan,
 * alert worker), web; with `wafEnabled`, a WAF stack in us-east-1. Checked by cdk-nag's AWS
 * Solutions pack, whose unacknowledged findings fail synthesis. Every alarm notifies the topic.
 */
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
import { AlarmNotifications } from '../constructs/alarm-notifications';
import { ApiStack, type ApiStackProps } from './api-stack';
import { DataStack } from './data-stack';
import { JobsStack } from './jobs-stack';
import { WafStack } from './waf-stack';
import { WebStack } from './web-stack';

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
  readonly jobs: JobsStack;
  readonly web: WebStack;
  /** Only with the context flag `wafEnabled`. */
  readonly waf: WafStack | undefined;
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
    description: description('HTTP API and one function per route'),
    resources: data.resources,
    appOrigin: context.appOrigin,
    accountSettings: readAccountContext(app.node),
    billingSettings: readBillingContext(app.node),
    ...options.api,
  });
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
  return { data, api, jobs, web, waf };
}
