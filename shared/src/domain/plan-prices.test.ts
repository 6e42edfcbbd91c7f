import fc from 'fast-check';
import {
  DEFAULT_PLAN_PRICES,
  formatPrice,
  hasStripePrices,
  monthlyEquivalent,
  parsePlanPricesOverride,
  planOfStripePrice,
  planPricesFromSetting,
  publicPlanPrices,
  resolvePlanPrices,
  yearlySavingPercent,
} from './plan-prices';

describe('default plan prices', () => {
  it('are 0, 19, 79 and 299 US dollars a month, a year costing ten months', () => {
    const monthly = Object.values(DEFAULT_PLAN_PRICES).map((plan) => plan.monthly.amount);
    expect(monthly).toEqual([0, 19, 79, 299]);
    for (const plan of Object.values(DEFAULT_PLAN_PRICES)) {
      expect(plan.yearly.amount).toBe(plan.monthly.amount * 10);
      expect([plan.monthly.currency, plan.yearly.currency]).toEqual(['USD', 'USD']);
    }
    expect(hasStripePrices(DEFAULT_PLAN_PRICES)).toBe(false);
  });
});

describe('PLAN_PRICES', () => {
  it('overrides only what it gives, from JSON text or an object', () => {
    const setting = JSON.stringify({
      pro: { yearly: { stripePriceId: 'price_pro_year' } },
      team: { monthly: { amount: 89.5, currency: 'EUR', stripePriceId: 'price_team_month' } },
    });
    const prices = planPricesFromSetting(setting);
    expect(prices.pro.monthly).toEqual(DEFAULT_PLAN_PRICES.pro.monthly);
    expect(prices.pro.yearly).toEqual({
      amount: 190,
      currency: 'USD',
      stripePriceId: 'price_pro_year',
    });
    expect(prices.team.monthly).toEqual({
      amount: 89.5,
      currency: 'EUR',
      stripePriceId: 'price_team_month',
    });
    expect(prices.free).toEqual(DEFAULT_PLAN_PRICES.free);
    expect(planPricesFromSetting(JSON.parse(setting))).toEqual(prices);
    expect(hasStripePrices(prices)).toBe(true);
  });

  it('is the defaults when unset or empty', () => {
    expect(planPricesFromSetting(undefined)).toEqual(DEFAULT_PLAN_PRICES);
    expect(planPricesFromSetting('  ')).toEqual(DEFAULT_PLAN_PRICES);
  });

  it.each([
    ['not json', 'PLAN_PRICES must be a JSON object'],
    ['[]', 'PLAN_PRICES'],
    ['{"free":{"monthly":{"amount":5}}}', 'PLAN_PRICES'],
    ['{"pro":{"weekly":{"amount":5}}}', 'PLAN_PRICES at pro'],
    [
      '{"pro":{"monthly":{"amount":-1}}}',
      'PLAN_PRICES at pro.monthly.amount: amount must not be negative',
    ],
    ['{"pro":{"monthly":{"amount":1.005}}}', 'amount must have at most two decimals'],
    ['{"pro":{"monthly":{"currency":"usd"}}}', 'three-letter ISO 4217 code'],
    ['{"pro":{"monthly":{"stripePriceId":""}}}', 'stripePriceId must not be empty'],
  ])('refuses %s, naming the problem', (setting, message) => {
    expect(() => parsePlanPricesOverride(setting)).toThrow(message);
  });

  it('accepts any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const prices = resolvePlanPrices(
          parsePlanPricesOverride({ pro: { monthly: { amount: cents / 100 } } }),
        );
        expect(prices.pro.monthly.amount).toBe(cents / 100);
      }),
    );
  });
});

describe('Stripe price ids', () => {
  it('name the plan and period they bill', () => {
    const prices = resolvePlanPrices({
      pro: { monthly: { stripePriceId: 'price_a' }, yearly: { stripePriceId: 'price_b' } },
      enterprise: { yearly: { stripePriceId: 'price_c' } },
    });
    expect(planOfStripePrice(prices, 'price_a')).toEqual({ plan: 'pro', period: 'monthly' });
    expect(planOfStripePrice(prices, 'price_b')).toEqual({ plan: 'pro', period: 'yearly' });
    expect(planOfStripePrice(prices, 'price_c')).toEqual({ plan: 'enterprise', period: 'yearly' });
    expect(planOfStripePrice(prices, 'price_other')).toBeUndefined();
  });

  it('never reach the public view', () => {
    const prices = resolvePlanPrices({ pro: { monthly: { stripePriceId: 'price_a' } } });
    const view = publicPlanPrices(prices);
    expect(JSON.stringify(view)).not.toContain('price_a');
    expect(view.pro).toEqual({
      monthly: { amount: 19, currency: 'USD' },
      yearly: { amount: 190, currency: 'USD' },
    });
  });
});

describe('price texts', () => {
  it('write money in the locale, whole amounts without decimals, nothing as Free', () => {
    expect(formatPrice({ amount: 19, currency: 'USD' }, 'en-US')).toBe('$19');
    expect(formatPrice({ amount: 15.83, currency: 'USD' }, 'en-US')).toBe('$15.83');
    expect(formatPrice({ amount: 2_990, currency: 'USD' }, 'en-US')).toBe('$2,990');
    expect(formatPrice({ amount: 19, currency: 'EUR' }, 'de-DE')).toBe('19\u00a0€');
    expect(formatPrice({ amount: 0, currency: 'USD' }, 'en-US')).toBe('Free');
  });

  it('say what a year comes to a month and saves', () => {
    expect(monthlyEquivalent({ amount: 190, currency: 'USD' })).toEqual({
      amount: 15.83,
      currency: 'USD',
    });
    expect(
      yearlySavingPercent({ amount: 19, currency: 'USD' }, { amount: 190, currency: 'USD' }),
    ).toBe(17);
    expect(
      yearlySavingPercent({ amount: 19, currency: 'USD' }, { amount: 228, currency: 'USD' }),
    ).toBe(0);
    expect(
      yearlySavingPercent({ amount: 0, currency: 'USD' }, { amount: 0, currency: 'USD' }),
    ).toBe(0);
  });
});
