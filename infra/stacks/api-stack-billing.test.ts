/**
 * Billing in the api stack: the four billing routes have their functions, only they may read
 * the Stripe secret parameters (exactly those two), and Stripe's settings reach the functions
 * as parameter names and price ids only when Stripe is configured.
 */
import { buildTestApp, resourcesOf, type Resources } from '../test-support/test-app';
import { DEFAULT_STRIPE_PARAMETERS } from '../config/app-context';
import type { Template } from 'aws-cdk-lib/assertions';

const BILLING_ROUTE_KEYS = [
  'POST /api/account/upgrade',
  'POST /api/billing/confirm',
  'POST /api/billing/portal',
  'POST /api/billing/webhook',
];

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

function model(api: Template) {
  const functions = resourcesOf(api, 'AWS::Lambda::Function');
  const routes = resourcesOf(api, 'AWS::ApiGatewayV2::Route');
  const integrations = resourcesOf(api, 'AWS::ApiGatewayV2::Integration');
  const policies = resourcesOf(api, 'AWS::IAM::Policy');

  const functionIdOf = (routeKey: string): string => {
    const route = Object.values(routes).find((r) => r.Properties?.RouteKey === routeKey);
    if (!route) throw new Error(`No route ${routeKey}`);
    const target = route.Properties?.Target as { 'Fn::Join': [string, unknown[]] };
    const integrationRef = target['Fn::Join'][1][1] as { Ref: string };
    const uri = integrations[integrationRef.Ref]?.Properties?.IntegrationUri as {
      'Fn::GetAtt': [string, string];
    };
    return uri['Fn::GetAtt'][0];
  };

  const statementsOf = (functionId: string, all: Resources = policies): Statement[] => {
    const roleRef = (functions[functionId]?.Properties?.Role as { 'Fn::GetAtt': [string] })[
      'Fn::GetAtt'
    ][0];
    return Object.values(all)
      .filter((policy) =>
        (policy.Properties?.Roles as { Ref: string }[]).some((role) => role.Ref === roleRef),
      )
      .flatMap(
        (policy) => (policy.Properties?.PolicyDocument as { Statement: Statement[] }).Statement,
      );
  };

  /** The SSM parameter names a function may read (from the ARNs of its ssm statements). */
  const ssmParametersOf = (functionId: string): string[] =>
    statementsOf(functionId)
      .filter((statement) => [statement.Action].flat().includes('ssm:GetParameter'))
      .flatMap((statement) => [statement.Resource].flat())
      .map((resource) => JSON.stringify(resource))
      .map((text) => /:parameter\/([^"]*)"/.exec(text)?.[1] ?? text)
      .map((name) => `/${name}`);

  return { functions, functionIdOf, ssmParametersOf };
}

describe('api stack: billing', () => {
  const { templates } = buildTestApp();
  const { functions, functionIdOf, ssmParametersOf } = model(templates.api);

  it.each(BILLING_ROUTE_KEYS)(
    '%s has its own function reading only the Stripe parameters',
    (key) => {
      expect(ssmParametersOf(functionIdOf(key)).sort()).toEqual(
        [DEFAULT_STRIPE_PARAMETERS.secretKey, DEFAULT_STRIPE_PARAMETERS.webhookSecret].sort(),
      );
    },
  );

  it('grants no other function the Stripe parameters', () => {
    const billing = new Set(BILLING_ROUTE_KEYS.map(functionIdOf));
    for (const id of Object.keys(functions).filter((candidate) => !billing.has(candidate))) {
      expect(ssmParametersOf(id).filter((name) => name.includes('stripe'))).toEqual([]);
    }
  });

  it('leaves Stripe settings out of the environment when no price is configured', () => {
    for (const fn of Object.values(functions)) {
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(Object.keys(variables).filter((name) => name.startsWith('STRIPE_'))).toEqual([]);
    }
  });
});

describe('api stack: billing with Stripe configured', () => {
  const { templates } = buildTestApp({
    stripePricePro: 'price_pro_1',
    stripePriceTeam: 'price_team_1',
    stripeSecretKeyParameter: '/expiry-radar/billing/stripe-key',
  });
  const { functions, functionIdOf, ssmParametersOf } = model(templates.api);

  it('gives the functions the parameter names and price ids, never a secret', () => {
    const upgrade = functions[functionIdOf('POST /api/account/upgrade')];
    const variables = (upgrade?.Properties?.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(variables).toMatchObject({
      STRIPE_SECRET_KEY_PARAMETER: '/expiry-radar/billing/stripe-key',
      STRIPE_WEBHOOK_SECRET_PARAMETER: DEFAULT_STRIPE_PARAMETERS.webhookSecret,
      STRIPE_PRICE_PRO: 'price_pro_1',
      STRIPE_PRICE_TEAM: 'price_team_1',
    });
    expect(variables).not.toHaveProperty('STRIPE_PRICE_ENTERPRISE');
    expect(variables).not.toHaveProperty('STRIPE_SECRET_KEY');
    expect(variables).not.toHaveProperty('STRIPE_WEBHOOK_SECRET');
  });

  it('grants the billing functions the configured parameter names', () => {
    expect(ssmParametersOf(functionIdOf('POST /api/billing/webhook')).sort()).toEqual(
      ['/expiry-radar/billing/stripe-key', DEFAULT_STRIPE_PARAMETERS.webhookSecret].sort(),
    );
  });
});
