/** `GET /api/plan-prices`: public, the default prices or PLAN_PRICES over them, never a Stripe id. */
import { DEFAULT_PLAN_PRICES } from '@expiry-radar/shared/domain/plan-prices';
import { apiGatewayEvent, invoke } from '../../../test-support/api-gateway-event';
import { givenSignedInUser } from '../../../test-support/fixtures';
import { handler as getPlanPrices } from './get-plan-prices';

const savedSetting = process.env.PLAN_PRICES;

afterEach(() => {
  if (savedSetting === undefined) delete process.env.PLAN_PRICES;
  else process.env.PLAN_PRICES = savedSetting;
});

const request = (cookies: string[] = []) =>
  invoke(getPlanPrices, apiGatewayEvent({ method: 'GET', path: '/api/plan-prices', cookies }));

describe('GET /api/plan-prices', () => {
  it('answers the default prices to anyone, signed in or not', async () => {
    delete process.env.PLAN_PRICES;
    const user = await givenSignedInUser();
    for (const cookies of [[], [user.cookie]]) {
      const response = await request(cookies);
      expect(response.statusCode).toBe(200);
      expect(response.json).toEqual({
        prices: {
          free: { monthly: { amount: 0, currency: 'USD' }, yearly: { amount: 0, currency: 'USD' } },
          pro: {
            monthly: { amount: 19, currency: 'USD' },
            yearly: { amount: 190, currency: 'USD' },
          },
          team: {
            monthly: { amount: 79, currency: 'USD' },
            yearly: { amount: 790, currency: 'USD' },
          },
          enterprise: {
            monthly: { amount: 299, currency: 'USD' },
            yearly: { amount: 2_990, currency: 'USD' },
          },
        },
      });
    }
    expect(DEFAULT_PLAN_PRICES.pro.monthly.amount).toBe(19);
  });

  it('answers the configured prices, without their Stripe price ids', async () => {
    process.env.PLAN_PRICES = JSON.stringify({
      pro: {
        monthly: { amount: 24, currency: 'EUR', stripePriceId: 'price_secretish_month' },
        yearly: { amount: 240, currency: 'EUR', stripePriceId: 'price_secretish_year' },
      },
    });
    const response = await request();
    expect(response.statusCode).toBe(200);
    expect(response.json).toMatchObject({
      prices: {
        pro: {
          monthly: { amount: 24, currency: 'EUR' },
          yearly: { amount: 240, currency: 'EUR' },
        },
        team: { monthly: { amount: 79, currency: 'USD' } },
      },
    });
    expect(response.body).not.toContain('price_secretish');
  });
});
