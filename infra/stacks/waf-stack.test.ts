import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildTestApp, resourcesOf } from '../test-support/test-app';
import { STACK_NAMES } from './expiry-radar';
import { AUTH_PATH_PREFIX, AUTH_RATE_LIMIT, STRIPE_WEBHOOK_PATH, WAF_REGION } from './waf-stack';

interface Rule {
  Name: string;
  Priority: number;
  Action?: unknown;
  Statement: {
    ManagedRuleGroupStatement?: { VendorName: string; Name: string; ScopeDownStatement?: unknown };
    RateBasedStatement?: {
      Limit: number;
      AggregateKeyType: string;
      EvaluationWindowSec: number;
      ScopeDownStatement: unknown;
    };
  };
}

describe('WAF off (the default)', () => {
  const { app, stacks, templates } = buildTestApp();

  it('creates no web ACL and attaches none', () => {
    expect(stacks.waf).toBeUndefined();
    expect(app.node.tryFindChild(STACK_NAMES.waf)).toBeUndefined();
    for (const template of Object.values(templates).flat()) {
      expect(Object.keys(resourcesOf(template, 'AWS::WAFv2::WebACL'))).toEqual([]);
    }
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: Match.absent() }),
    });
  });
});

describe('WAF on (context wafEnabled)', () => {
  const { app, stacks, templates } = buildTestApp({ wafEnabled: 'true', region: 'eu-west-1' });
  const waf = stacks.waf!;
  const wafTemplate = Template.fromStack(waf);
  const [webAcl] = Object.values(resourcesOf(wafTemplate, 'AWS::WAFv2::WebACL'));
  const rules = (webAcl?.Properties?.Rules ?? []) as Rule[];
  const rule = (name: string) => rules.find((candidate) => candidate.Name === name);

  it('puts a CLOUDFRONT-scope web ACL in its own stack in us-east-1', () => {
    expect(waf.stackName).toBe(STACK_NAMES.waf);
    expect(waf.region).toBe(WAF_REGION);
    expect(webAcl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('deploys the other stacks to the given region, so the web stack can import the ACL', () => {
    for (const stack of [stacks.data, stacks.api, stacks.jobs, stacks.web]) {
      expect(stack.region).toBe('eu-west-1');
    }
    const [distribution] = Object.values(
      resourcesOf(templates.web, 'AWS::CloudFront::Distribution'),
    );
    const webAclId = JSON.stringify(
      (distribution?.Properties?.DistributionConfig as { WebACLId: unknown }).WebACLId,
    );
    // CDK's cross-region reference: read in the web stack's region from what us-east-1 wrote.
    expect(webAclId).toContain('ExportsReader');
    expect(webAclId).toContain('WebAclArn');
  });

  it('runs the AWS managed common and known-bad-inputs rule groups', () => {
    for (const name of ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']) {
      expect(rule(name)?.Statement.ManagedRuleGroupStatement).toMatchObject({
        VendorName: 'AWS',
        Name: name,
      });
    }
  });

  it('keeps the Stripe webhook out of the body-inspecting common rule set', () => {
    const scopeDown = JSON.stringify(
      rule('AWSManagedRulesCommonRuleSet')?.Statement.ManagedRuleGroupStatement?.ScopeDownStatement,
    );
    expect(scopeDown).toContain('NotStatement');
    expect(scopeDown).toContain(STRIPE_WEBHOOK_PATH);
  });

  it('limits requests per IP to /auth/* and answers 429 in the API error format', () => {
    const rateRule = rule('AuthRateLimit');
    expect(rateRule?.Priority).toBe(0);
    expect(rateRule?.Statement.RateBasedStatement).toMatchObject({
      Limit: AUTH_RATE_LIMIT.limit,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: AUTH_RATE_LIMIT.windowSeconds,
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: AUTH_PATH_PREFIX,
        },
      },
    });
    expect(rateRule?.Action).toMatchObject({
      Block: { CustomResponse: { ResponseCode: 429 } },
    });
    const bodies = webAcl?.Properties?.CustomResponseBodies as Record<string, { Content: string }>;
    expect(Object.values(bodies).map((body) => JSON.parse(body.Content) as unknown)).toEqual([
      expect.objectContaining({ code: 'RATE_LIMITED' }),
    ]);
  });

  it('leaves no cdk-nag finding unacknowledged with the ACL attached', () => {
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(report.violations.map((violation) => violation.ruleName)).toEqual([]);
  });

  it('needs the deployment region', () => {
    const defaultRegion = process.env.CDK_DEFAULT_REGION;
    delete process.env.CDK_DEFAULT_REGION;
    try {
      expect(() => buildTestApp({ wafEnabled: true })).toThrow(/region/);
    } finally {
      if (defaultRegion !== undefined) process.env.CDK_DEFAULT_REGION = defaultRegion;
    }
  });
});
