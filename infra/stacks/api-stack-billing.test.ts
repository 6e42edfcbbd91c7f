/**
 * Billing in the api's route stacks: the four billing routes have their functions, only they may read
 * the Stripe secret parameters (the webhook its signing secret, the others the secret key), the
 * configured prices (PLAN_PRICES, with their Stripe price ids) reach the functions, and the secrets'
 * parameter names only when Stripe is on. The Google and Slack secrets alike: each read only by the
 * functions that use it, by its exact name.
 */
import { APP_ORIGIN_PARAMETER } from '@expiry-radar/functions/adapters/app-origin';
import { buildTestApp, resourcesAcross, type Resources } from '../test-support/test-app';
import { accountSecretParameters, DEFAULT_STRIPE_PARAMETERS } from '../config/app-context';
import type { Template } from 'aws-cdk-lib/assertions';

const STRIPE_API_ROUTE_KEYS = [
  'POST /api/account/upgrade',
  'POST /api/billing/confirm',
  'POST /api/billing/portal',
];
const BILLING_ROUTE_KEYS = [...STRIPE_API_ROUTE_KEYS, 'POST /api/billing/webhook'];

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** The route functions of the area stacks' templates. */
function model(routeTemplates: readonly Template[]) {
  const functions = resourcesAcross(routeTemplates, 'AWS::Lambda::Function');
  const routes = resourcesAcross(routeTemplates, 'AWS::ApiGatewayV2::Route');
  const integrations = resourcesAcross(routeTemplates, 'AWS::ApiGatewayV2::Integration');
  const policies = resourcesAcross(routeTemplates, 'AWS::IAM::Policy');

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
  const { functions, functionIdOf, ssmParametersOf } = model(templates.apiRoutes);

  const stripeParametersOf = (key: string) =>
    ssmParametersOf(functionIdOf(key)).filter((name) => name !== APP_ORIGIN_PARAMETER);

  it.each(STRIPE_API_ROUTE_KEYS)(
    '%s has its own function reading only the Stripe secret key (and the app origin)',
    (key) => {
      expect(stripeParametersOf(key)).toEqual([DEFAULT_STRIPE_PARAMETERS.secretKey]);
    },
  );

  it('gives the webhook its own function reading only the webhook signing secret', () => {
    expect(stripeParametersOf('POST /api/billing/webhook')).toEqual([
      DEFAULT_STRIPE_PARAMETERS.webhookSecret,
    ]);
  });

  it('grants no other function the Stripe parameters', () => {
    const billing = new Set(BILLING_ROUTE_KEYS.map(functionIdOf));
    for (const id of Object.keys(functions).filter((candidate) => !billing.has(candidate))) {
      expect(ssmParametersOf(id).filter((name) => name.includes('stripe'))).toEqual([]);
    }
  });

  it('leaves Stripe settings and prices out of the environment when none are configured', () => {
    for (const fn of Object.values(functions)) {
      const variables = (fn.Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(Object.keys(variables).filter((name) => /^(STRIPE_|PLAN_PRICES)/.test(name))).toEqual(
        [],
      );
    }
  });
});

describe('api stack: prices without Stripe', () => {
  it('gives the functions the prices (a JSON text with -c) and keeps Stripe off', () => {
    const setting = JSON.stringify({ pro: { monthly: { amount: 25 } } });
    const { templates } = buildTestApp({ planPrices: setting });
    const { functions, functionIdOf } = model(templates.apiRoutes);
    const fn = functions[functionIdOf('GET /api/plan-prices')];
    const variables = (fn?.Properties?.Environment as { Variables: Record<string, unknown> })
      .Variables;
    expect(variables.PLAN_PRICES).toBe(setting);
    expect(Object.keys(variables).filter((name) => name.startsWith('STRIPE_'))).toEqual([]);
  });

  it('stops the synth on prices that are not valid, saying why', () => {
    expect(() => buildTestApp({ planPrices: { pro: { monthly: { amount: -5 } } } })).toThrow(
      'Context value "planPrices": PLAN_PRICES at pro.monthly.amount: amount must not be negative',
    );
  });
});

const PLAN_PRICES = {
  pro: { monthly: { stripePriceId: 'price_pro_1' }, yearly: { stripePriceId: 'price_pro_12' } },
  team: { monthly: { amount: 89, currency: 'EUR', stripePriceId: 'price_team_1' } },
};

describe('api stack: billing with Stripe configured', () => {
  const { templates } = buildTestApp({
    planPrices: PLAN_PRICES,
    stripeSecretKeyParameter: '/expiry-radar/billing/stripe-key',
  });
  const { functions, functionIdOf, ssmParametersOf } = model(templates.apiRoutes);

  it('gives the functions the parameter names and the prices with their ids, never a secret', () => {
    for (const key of ['POST /api/account/upgrade', 'GET /api/plan-prices']) {
      const fn = functions[functionIdOf(key)];
      const variables = (fn?.Properties?.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(variables).toMatchObject({
        STRIPE_SECRET_KEY_PARAMETER: '/expiry-radar/billing/stripe-key',
        STRIPE_WEBHOOK_SECRET_PARAMETER: DEFAULT_STRIPE_PARAMETERS.webhookSecret,
      });
      expect(JSON.parse(String(variables.PLAN_PRICES))).toEqual(PLAN_PRICES);
      expect(variables).not.toHaveProperty('STRIPE_SECRET_KEY');
      expect(variables).not.toHaveProperty('STRIPE_WEBHOOK_SECRET');
    }
  });

  it('grants the billing functions the configured parameter names', () => {
    expect(ssmParametersOf(functionIdOf('POST /api/billing/portal')).sort()).toEqual(
      ['/expiry-radar/billing/stripe-key', APP_ORIGIN_PARAMETER].sort(),
    );
    expect(ssmParametersOf(functionIdOf('POST /api/billing/webhook'))).toEqual([
      DEFAULT_STRIPE_PARAMETERS.webhookSecret,
    ]);
  });
});

describe('api stack: the Google and Slack secrets', () => {
  const readersOf = (templates: readonly Template[]) => {
    const { functions, functionIdOf, ssmParametersOf } = model(templates);
    const secretsOf = (id: string) =>
      ssmParametersOf(id).filter((name) => name !== APP_ORIGIN_PARAMETER);
    return {
      secretsOf: (key: string) => secretsOf(functionIdOf(key)),
      everyFunction: () => Object.keys(functions).map((id) => ({ id, secrets: secretsOf(id) })),
    };
  };

  it('grants each secret by its exact name, only to the routes that use it', () => {
    const { templates } = buildTestApp();
    const { secretsOf, everyFunction } = readersOf(templates.apiRoutes);
    const defaults = accountSecretParameters(undefined);
    expect(secretsOf('GET /auth/google')).toEqual([defaults.googleClientSecret]);
    expect(secretsOf('GET /auth/google/callback')).toEqual([defaults.googleClientSecret]);
    expect(secretsOf('GET /api/slack/oauth/callback')).toEqual([defaults.slackClientSecret]);
    expect(secretsOf('POST /api/slack/interactions')).toEqual([defaults.slackSigningSecret]);
    for (const { secrets } of everyFunction()) {
      for (const name of secrets) expect(name).not.toContain('*');
    }
  });

  it('follows parameter names set in the context, wherever they are', () => {
    const { templates } = buildTestApp({
      googleClientSecretParameter: '/identity/google-secret',
      slackSigningSecretParameter: '/chat/slack-signing',
    });
    const { secretsOf } = readersOf(templates.apiRoutes);
    expect(secretsOf('GET /auth/google/callback')).toEqual(['/identity/google-secret']);
    expect(secretsOf('POST /api/slack/interactions')).toEqual(['/chat/slack-signing']);
  });
});
