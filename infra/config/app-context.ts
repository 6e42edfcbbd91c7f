/**
 * Deploy-time settings read from CDK context (`cdk.json` or `cdk synth -c key=value`). Every value
 * defaults to empty so that `cdk synth` works offline with no configuration at all.
 */
import type { Node } from 'constructs';
import {
  hasStripePrices,
  parsePlanPricesOverride,
  resolvePlanPrices,
  type PlanPricesOverride,
} from '@expiry-radar/shared/domain/plan-prices';
import { APP_ORIGIN_PARAMETER } from '@expiry-radar/functions/adapters/app-origin';
import { SECRET_PARAMETER_PREFIX } from './permissions';

export interface AppContext {
  /**
   * The public origin of the SPA, when it is neither the distribution's own URL nor `domainName`
   * (a proxy in front, say). Empty (the usual case): the functions read the origin the web stack
   * writes to an SSM parameter (functions/src/adapters/app-origin.ts): `https://<domainName>`
   * with a custom domain, else the CloudFront URL.
   */
  readonly appOrigin: string;
  /** Runtime settings of the SPA (empty by default), written to `/config.json`. */
  readonly analyticsKey: string;
  readonly analyticsHost: string;
  readonly paymentPublishableKey: string;
  /** Where users write for help, shown in the footer and on Help; empty: no address is shown. */
  readonly supportEmail: string;
  /** The community chat's https address; empty: no chat link is shown. */
  readonly communityChatUrl: string;
}

/**
 * A custom domain for CloudFront. `domainName` with `hostedZoneId` (the Route 53 zone holding
 * it): the stacks create the certificate (us-east-1, DNS validation) and the alias records; with
 * `certificateArn` (an ACM certificate in us-east-1 covering the domain) that certificate is used,
 * and the alias records are created only when `hostedZoneId` is given too.
 */
export interface DomainContext {
  /** Empty: the distribution's own `*.cloudfront.net` address. */
  readonly domainName: string;
  readonly hostedZoneId: string;
  /** The zone's own name, when it is not `domainName` itself (`example.com` for `app.example.com`). */
  readonly hostedZoneName: string;
  readonly certificateArn: string;
}

export const DOMAIN_CONTEXT_KEYS = {
  domainName: 'domainName',
  hostedZoneId: 'hostedZoneId',
  hostedZoneName: 'hostedZoneName',
  certificateArn: 'certificateArn',
} as const satisfies Record<keyof DomainContext, string>;

export function readDomainContext(node: Node): DomainContext {
  const domainName = readString(node, DOMAIN_CONTEXT_KEYS.domainName).toLowerCase();
  const hostedZoneId = readString(node, DOMAIN_CONTEXT_KEYS.hostedZoneId);
  const certificateArn = readString(node, DOMAIN_CONTEXT_KEYS.certificateArn);
  const hostedZoneName = readString(node, DOMAIN_CONTEXT_KEYS.hostedZoneName).toLowerCase();
  if (!domainName) {
    if (hostedZoneId || certificateArn) {
      throw new Error(
        `Context values "${DOMAIN_CONTEXT_KEYS.hostedZoneId}" and "${DOMAIN_CONTEXT_KEYS.certificateArn}" need "${DOMAIN_CONTEXT_KEYS.domainName}"`,
      );
    }
    return { domainName, hostedZoneId, hostedZoneName, certificateArn };
  }
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domainName)) {
    throw new Error(`Context value "${DOMAIN_CONTEXT_KEYS.domainName}" must be a domain name`);
  }
  if (!hostedZoneId && !certificateArn) {
    throw new Error(
      `Context value "${DOMAIN_CONTEXT_KEYS.domainName}" needs "${DOMAIN_CONTEXT_KEYS.hostedZoneId}" (the stacks create the certificate and records) or "${DOMAIN_CONTEXT_KEYS.certificateArn}" (an ACM certificate in us-east-1)`,
    );
  }
  if (
    certificateArn &&
    !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\//.test(certificateArn)
  ) {
    throw new Error(
      `Context value "${DOMAIN_CONTEXT_KEYS.certificateArn}" must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates there only)`,
    );
  }
  const zoneName = hostedZoneName || domainName;
  if (domainName !== zoneName && !domainName.endsWith(`.${zoneName}`)) {
    throw new Error(
      `Context value "${DOMAIN_CONTEXT_KEYS.domainName}" (${domainName}) is not in the zone "${zoneName}"`,
    );
  }
  return { domainName, hostedZoneId, hostedZoneName: zoneName, certificateArn };
}

/** The origin the app is reached at when known at synth time: `appOrigin`, else the domain's. */
export function configuredAppOrigin(context: AppContext, domain: DomainContext): string {
  if (context.appOrigin) return context.appOrigin;
  return domain.domainName ? `https://${domain.domainName}` : '';
}

/**
 * How a function learns the app's origin: APP_ORIGIN when known at synth time, else the name of
 * the parameter the web stack writes (fixed, so no reference from the web stack is needed).
 */
export function appOriginEnvironment(appOrigin: string): Record<string, string> {
  return appOrigin ? { APP_ORIGIN: appOrigin } : { APP_ORIGIN_PARAMETER: APP_ORIGIN_PARAMETER };
}

/** Settings of the account functions (they never reach the SPA). */
export interface AccountContext {
  /**
   * Sender of every email (`Name <address>` or an address). Set: the email stack creates its
   * domain's SES identity (DKIM), a configuration set and the bounce and complaint handling.
   * Empty: the functions' default sender, and no SES resources.
   */
  readonly emailFrom: string;
  /** Google sign-in is offered when set; its secret is the SSM parameter below. */
  readonly googleClientId: string;
  /** Name of the SecureString parameter holding the Google client secret. */
  readonly googleClientSecretParameter: string;
  /** The Slack app ("Add to Slack") is offered when set; its secrets are the parameters below. */
  readonly slackClientId: string;
  /** Name of the SecureString parameter holding the Slack app's client secret. */
  readonly slackClientSecretParameter: string;
  /** Name of the SecureString parameter holding the Slack app's signing secret. */
  readonly slackSigningSecretParameter: string;
}

export const CONTEXT_KEYS = {
  appOrigin: 'appOrigin',
  analyticsKey: 'analyticsKey',
  analyticsHost: 'analyticsHost',
  paymentPublishableKey: 'paymentPublishableKey',
  supportEmail: 'supportEmail',
  communityChatUrl: 'communityChatUrl',
} as const satisfies Record<keyof AppContext, string>;

export const ACCOUNT_CONTEXT_KEYS = {
  emailFrom: 'emailFrom',
  googleClientId: 'googleClientId',
  googleClientSecretParameter: 'googleClientSecretParameter',
  slackClientId: 'slackClientId',
  slackClientSecretParameter: 'slackClientSecretParameter',
  slackSigningSecretParameter: 'slackSigningSecretParameter',
} as const satisfies Record<keyof AccountContext, string>;

function readString(node: Node, key: string): string {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Error(`Context value "${key}" must be a string`);
  return value.trim();
}

export function readAppContext(node: Node): AppContext {
  return {
    appOrigin: readString(node, CONTEXT_KEYS.appOrigin).replace(/\/+$/, ''),
    analyticsKey: readString(node, CONTEXT_KEYS.analyticsKey),
    analyticsHost: readString(node, CONTEXT_KEYS.analyticsHost).replace(/\/+$/, ''),
    paymentPublishableKey: readString(node, CONTEXT_KEYS.paymentPublishableKey),
    supportEmail: readSupportEmail(node),
    communityChatUrl: readCommunityChatUrl(node),
  };
}

function readSupportEmail(node: Node): string {
  const value = readString(node, CONTEXT_KEYS.supportEmail);
  if (value && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value)) {
    throw new Error(`Context value "${CONTEXT_KEYS.supportEmail}" must be an email address`);
  }
  return value;
}

function readCommunityChatUrl(node: Node): string {
  const value = readString(node, CONTEXT_KEYS.communityChatUrl);
  if (value && !URL.canParse(value)) {
    throw new Error(`Context value "${CONTEXT_KEYS.communityChatUrl}" must be a URL`);
  }
  if (value && new URL(value).protocol !== 'https:') {
    throw new Error(`Context value "${CONTEXT_KEYS.communityChatUrl}" must be an https URL`);
  }
  return value;
}

/** The names of the SSM parameters holding the Google and Slack secrets (the defaults without context). */
export function accountSecretParameters(account: AccountContext | undefined): {
  googleClientSecret: string;
  slackClientSecret: string;
  slackSigningSecret: string;
} {
  return {
    googleClientSecret:
      account?.googleClientSecretParameter || DEFAULT_ACCOUNT_SECRET_PARAMETERS.googleClientSecret,
    slackClientSecret:
      account?.slackClientSecretParameter || DEFAULT_ACCOUNT_SECRET_PARAMETERS.slackClientSecret,
    slackSigningSecret:
      account?.slackSigningSecretParameter || DEFAULT_ACCOUNT_SECRET_PARAMETERS.slackSigningSecret,
  };
}

const DEFAULT_ACCOUNT_SECRET_PARAMETERS = {
  googleClientSecret: `${SECRET_PARAMETER_PREFIX}google-client-secret`,
  slackClientSecret: `${SECRET_PARAMETER_PREFIX}slack-client-secret`,
  slackSigningSecret: `${SECRET_PARAMETER_PREFIX}slack-signing-secret`,
} as const;

export function readAccountContext(node: Node): AccountContext {
  return {
    emailFrom: readString(node, ACCOUNT_CONTEXT_KEYS.emailFrom),
    googleClientId: readString(node, ACCOUNT_CONTEXT_KEYS.googleClientId),
    googleClientSecretParameter:
      readString(node, ACCOUNT_CONTEXT_KEYS.googleClientSecretParameter) ||
      DEFAULT_ACCOUNT_SECRET_PARAMETERS.googleClientSecret,
    slackClientId: readString(node, ACCOUNT_CONTEXT_KEYS.slackClientId),
    slackClientSecretParameter:
      readString(node, ACCOUNT_CONTEXT_KEYS.slackClientSecretParameter) ||
      DEFAULT_ACCOUNT_SECRET_PARAMETERS.slackClientSecret,
    slackSigningSecretParameter:
      readString(node, ACCOUNT_CONTEXT_KEYS.slackSigningSecretParameter) ||
      DEFAULT_ACCOUNT_SECRET_PARAMETERS.slackSigningSecret,
  };
}

/**
 * Prices and Stripe billing. `planPrices` overrides the default prices per plan and billing
 * period (amount, currency, Stripe price id; see shared/src/domain/plan-prices.ts), as an object
 * in cdk.json or a JSON text with `-c`. Stripe is on when at least one Stripe price id is set; its
 * secret key and webhook signing secret are SSM SecureString parameters, never context or
 * environment values. Without Stripe price ids, a deployment cannot change plans (the local
 * billing mode exists only locally).
 */
export interface BillingContext {
  readonly stripeSecretKeyParameter: string;
  readonly stripeWebhookSecretParameter: string;
  /** Undefined when not given: the default prices, and no Stripe. */
  readonly planPrices: PlanPricesOverride | undefined;
}

export const BILLING_CONTEXT_KEYS = {
  stripeSecretKeyParameter: 'stripeSecretKeyParameter',
  stripeWebhookSecretParameter: 'stripeWebhookSecretParameter',
  planPrices: 'planPrices',
} as const satisfies Record<keyof BillingContext, string>;

export const DEFAULT_STRIPE_PARAMETERS = {
  secretKey: `${SECRET_PARAMETER_PREFIX}stripe-secret-key`,
  webhookSecret: `${SECRET_PARAMETER_PREFIX}stripe-webhook-secret`,
} as const;

export function readBillingContext(node: Node): BillingContext {
  return {
    stripeSecretKeyParameter:
      readString(node, BILLING_CONTEXT_KEYS.stripeSecretKeyParameter) ||
      DEFAULT_STRIPE_PARAMETERS.secretKey,
    stripeWebhookSecretParameter:
      readString(node, BILLING_CONTEXT_KEYS.stripeWebhookSecretParameter) ||
      DEFAULT_STRIPE_PARAMETERS.webhookSecret,
    planPrices: readPlanPrices(node),
  };
}

/** The `planPrices` context value; a value that is not valid stops the synth with its reason. */
function readPlanPrices(node: Node): PlanPricesOverride | undefined {
  const value: unknown = node.tryGetContext(BILLING_CONTEXT_KEYS.planPrices);
  try {
    return parsePlanPricesOverride(value);
  } catch (error) {
    throw new Error(
      `Context value "${BILLING_CONTEXT_KEYS.planPrices}": ${(error as Error).message}`,
      { cause: error },
    );
  }
}

export function isStripeConfigured(billing: BillingContext): boolean {
  return hasStripePrices(resolvePlanPrices(billing.planPrices));
}

/** The Stripe parameters' names, for the billing functions' read grants. */
export function stripeParameters(billing: BillingContext): {
  secretKey: string;
  webhookSecret: string;
} {
  return {
    secretKey: billing.stripeSecretKeyParameter,
    webhookSecret: billing.stripeWebhookSecretParameter,
  };
}

/** The deployment's edge (CloudFront, WAF) and operations (alarm notifications) settings. */
export interface EdgeContext {
  /**
   * A WAF web ACL in front of CloudFront (managed common and known-bad-inputs rules, a per-IP
   * rate limit on /auth/*). CloudFront's web ACLs live in us-east-1, so it has its own stack there.
   */
  readonly wafEnabled: boolean;
  /**
   * The region of the other stacks, needed only with wafEnabled (references from us-east-1 need
   * a concrete region). Empty: CDK_DEFAULT_REGION, which the CDK CLI sets from the AWS profile.
   */
  readonly region: string;
  /** An address subscribed to the alarm topic (it confirms by email). Empty: no subscription. */
  readonly alarmEmail: string;
  /**
   * Any new value makes CloudFront re-read the origin secret on the next deploy of the web stack
   * (CloudFormation resolves a secret again only when the resource using it changes).
   */
  readonly originSecretRotation: string;
}

export const EDGE_CONTEXT_KEYS = {
  wafEnabled: 'wafEnabled',
  region: 'region',
  alarmEmail: 'alarmEmail',
  originSecretRotation: 'originSecretRotation',
} as const satisfies Record<keyof EdgeContext, string>;

/** A flag given in cdk.json (a boolean) or with -c (a string). */
function readBoolean(node: Node, key: string): boolean {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Error(`Context value "${key}" must be true or false`);
}

export function readEdgeContext(node: Node): EdgeContext {
  const alarmEmail = readString(node, EDGE_CONTEXT_KEYS.alarmEmail);
  if (alarmEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail)) {
    throw new Error(`Context value "${EDGE_CONTEXT_KEYS.alarmEmail}" must be an email address`);
  }
  return {
    wafEnabled: readBoolean(node, EDGE_CONTEXT_KEYS.wafEnabled),
    region: readString(node, EDGE_CONTEXT_KEYS.region) || (process.env.CDK_DEFAULT_REGION ?? ''),
    alarmEmail,
    originSecretRotation: readString(node, EDGE_CONTEXT_KEYS.originSecretRotation),
  };
}
