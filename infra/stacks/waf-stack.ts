/**
 * The optional WAF web ACL in front of CloudFront (context `wafEnabled`). A web ACL for CloudFront
 * (scope CLOUDFRONT) can only be created in us-east-1, so this stack lives there whatever the
 * region of the others; the web stack reads the ACL's ARN through a cross-region reference.
 *
 * Rules, in order: a per-IP rate limit on /auth/* (sign-in, registration, password reset), then
 * AWS's managed known-bad-inputs and common rule sets. The common set looks at request bodies,
 * so the Stripe webhook (signed JSON from Stripe, which can be larger than the set's 8 KB body
 * limit) is left out of it.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiError } from '@expiry-radar/shared/errors/error-codes';

export const WAF_REGION = 'us-east-1';
/** Requests per IP to /auth/* in any 5-minute window before WAF answers 429. */
export const AUTH_RATE_LIMIT = { limit: 100, windowSeconds: 300 } as const;
export const AUTH_PATH_PREFIX = '/auth/';
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

const RATE_LIMITED_BODY = 'RateLimited';

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

function pathStatement(
  path: string,
  positionalConstraint: 'STARTS_WITH' | 'EXACTLY',
): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      searchString: path,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

function managedRuleGroup(
  name: string,
  priority: number,
  scopeDownStatement?: CfnWebACL.StatementProperty,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: { vendorName: 'AWS', name, scopeDownStatement },
    },
    visibilityConfig: visibility(name),
  };
}

export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, { ...props, env: { ...props.env, region: WAF_REGION } });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: 'expiry-radar',
      description: 'Expiry Radar: per-IP rate limit on /auth/ paths, AWS managed rule groups',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('expiry-radar'),
      customResponseBodies: {
        // The API's own error format, so the web shows its usual rate-limit message.
        [RATE_LIMITED_BODY]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify(apiError('RATE_LIMITED')),
        },
      },
      rules: [
        {
          name: 'AuthRateLimit',
          priority: 0,
          action: {
            block: {
              customResponse: { responseCode: 429, customResponseBodyKey: RATE_LIMITED_BODY },
            },
          },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: AUTH_RATE_LIMIT.limit,
              evaluationWindowSec: AUTH_RATE_LIMIT.windowSeconds,
              scopeDownStatement: pathStatement(AUTH_PATH_PREFIX, 'STARTS_WITH'),
            },
          },
          visibilityConfig: visibility('AuthRateLimit'),
        },
        managedRuleGroup('AWSManagedRulesKnownBadInputsRuleSet', 1),
        managedRuleGroup('AWSManagedRulesCommonRuleSet', 2, {
          notStatement: { statement: pathStatement(STRIPE_WEBHOOK_PATH, 'EXACTLY') },
        }),
      ],
    });
  }
}
