/**
 * The whole production deployment: data (stateful, and the alarm topic), api (the HTTP API and
 * its secrets), one stack of route functions per area of routes, jobs (expiry scan, alert
 * worker), web; with `emailFrom`, an email stack (SES identity, configuration set, bounce and
 * complaint handling); with `domainName` and `hostedZoneId` (no `certificateArn`), a certificate
 * stack in us-east-1; with `wafEnabled`, a WAF stack in us-east-1. Checked by cdk-nag's AWS
 * Solutions pack (`addCdkNagChecks`, which infra/bin/app.ts registers), whose unacknowledged
 * findings fail synthesis. Every alarm notifies the topic.
 */
import * as path from 'node:path';
import { AspectPriority, Aspects, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import {
  configuredAppOrigin,
  EDGE_CONTEXT_KEYS,
  readAccountContext,
  readAppContext,
  readBillingContext,
  readDomainContext,
  readEdgeContext,
  type DomainContext,
  type EdgeContext,
} from '../config/app-context';
import { implementedRoutes, routesByArea } from '../config/route-areas';
import { AlarmNotifications } from '../constructs/alarm-notifications';
import { REPO_ROOT } from '../constructs/app-function';
import type { ImplementedRoute } from '../constructs/http-routes';
import { ApiRoutesStack, apiRoutesStackName } from './api-routes-stack';
import { ApiStack } from './api-stack';
import { CertificateStack } from './certificate-stack';
import { DataStack } from './data-stack';
import { EMAIL_CONFIGURATION_SET_NAME, EmailStack } from './email-stack';
import { JobsStack, senderAddress } from './jobs-stack';
import { WafStack } from './waf-stack';
import { WebStack } from './web-stack';

/** The fixed stacks; each area of routes adds `ExpiryRadarApi<Area>` (apiRoutesStackName). */
export const STACK_NAMES = {
  data: 'ExpiryRadarData',
  api: 'ExpiryRadarApi',
  jobs: 'ExpiryRadarJobs',
  web: 'ExpiryRadarWeb',
  waf: 'ExpiryRadarWaf',
  email: 'ExpiryRadarEmail',
  certificate: 'ExpiryRadarCertificate',
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
  /** Only with the context value `emailFrom`. */
  readonly email: EmailStack | undefined;
  /** Only with `domainName` and `hostedZoneId` and no `certificateArn`. */
  readonly certificate: CertificateStack | undefined;
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
 * Without WAF or a certificate made by the stacks every stack is environment-agnostic (`cdk
 * synth` needs no account or region). With either, the web stack imports an ARN from us-east-1,
 * and CDK's cross-region references need the region of both ends, so the stacks get the
 * deployment region.
 */
function environmentOf(edge: EdgeContext, needsRegion: boolean): Environment | undefined {
  if (!needsRegion) return undefined;
  if (!edge.region) {
    throw new Error(
      `${EDGE_CONTEXT_KEYS.wafEnabled} and a certificate made by the stacks (domainName with hostedZoneId) need the deployment region: set it with -c ${EDGE_CONTEXT_KEYS.region}=<region> (the CDK CLI otherwise takes it from the AWS profile).`,
    );
  }
  return { region: edge.region };
}

/** The stacks make the certificate when the zone is given and no certificate is. */
function makesCertificate(domain: DomainContext): boolean {
  return Boolean(domain.domainName && domain.hostedZoneId && !domain.certificateArn);
}

/**
 * Registers cdk-nag's AWS Solutions checks, which then run at every synthesis of `app` and fail it
 * on a finding nobody acknowledged (`npm run synth`, `cdk deploy`). The assertion tests check
 * the findings of each app they build directly (`nagFindings`), without paying for the checks
 * at each of their synthesis.
 */
export function addCdkNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

export function createExpiryRadar(app: App, options: ExpiryRadarOptions = {}): ExpiryRadarStacks {
  if (app.node.tryGetContext(CROSS_STACK_REFERENCES_FLAG) === undefined) {
    app.node.setContext(CROSS_STACK_REFERENCES_FLAG, 'strong');
  }
  const context = readAppContext(app.node);
  const edge = readEdgeContext(app.node);
  const domain = readDomainContext(app.node);
  const account = readAccountContext(app.node);
  const env = environmentOf(edge, edge.wafEnabled || makesCertificate(domain));
  const appOrigin = configuredAppOrigin(context, domain);
  const description = (part: string): string => `Expiry Radar: ${part}`;

  const data = new DataStack(app, STACK_NAMES.data, {
    env,
    description: description('table, alert queues (stateful, retained) and the alarm topic'),
    terminationProtection: true,
    alarmEmail: edge.alarmEmail,
  });
  const email = account.emailFrom
    ? new EmailStack(app, STACK_NAMES.email, {
        env,
        description: description('SES identity, configuration set, bounce and complaint handling'),
        senderAddress: senderAddress(account.emailFrom),
        ...(domain.hostedZoneId
          ? { hostedZone: { id: domain.hostedZoneId, name: domain.hostedZoneName } }
          : {}),
        resources: data.resources,
      })
    : undefined;
  const emailConfigurationSet = email ? EMAIL_CONFIGURATION_SET_NAME : undefined;
  const api = new ApiStack(app, STACK_NAMES.api, {
    env,
    description: description('HTTP API, its stage, alarm and secrets (routes: one stack per area)'),
    resources: data.resources,
    appOrigin,
    accountSettings: account,
    billingSettings: readBillingContext(app.node),
    ...(emailConfigurationSet ? { emailConfigurationSet } : {}),
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
    appOrigin,
    accountSettings: account,
    ...(emailConfigurationSet ? { emailConfigurationSet } : {}),
  });
  const waf = edge.wafEnabled
    ? new WafStack(app, STACK_NAMES.waf, {
        description: description('WAF web ACL of the CloudFront distribution (us-east-1)'),
      })
    : undefined;
  const certificate = makesCertificate(domain)
    ? new CertificateStack(app, STACK_NAMES.certificate, {
        env,
        description: description(`certificate of ${domain.domainName} for CloudFront (us-east-1)`),
        domainName: domain.domainName,
        hostedZoneId: domain.hostedZoneId,
        hostedZoneName: domain.hostedZoneName,
      })
    : undefined;
  const web = new WebStack(app, STACK_NAMES.web, {
    env,
    crossRegionReferences: waf !== undefined || certificate !== undefined,
    description: description('SPA bucket and CloudFront distribution'),
    apiDomainName: api.apiDomainName,
    originSecret: api.originSecret,
    originSecretRotation: edge.originSecretRotation,
    webAclArn: waf?.webAcl.attrArn,
    context,
    domain,
    ...(certificate ? { certificate: certificate.certificate } : {}),
    ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
  });

  Aspects.of(app).add(new AlarmNotifications(data.alarmTopic), {
    priority: AspectPriority.MUTATING,
  });
  if (email) {
    // The functions send with the configuration set, which must exist first.
    api.addStackDependency(email);
    jobs.addStackDependency(email);
  }
  return { data, api, apiRoutes, jobs, web, waf, email, certificate };
}
