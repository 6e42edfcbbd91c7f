/**
 * Billing settings, read from the environment on each call (cheap, and tests can change them).
 *
 * - `stripe`: a Stripe secret key is configured: STRIPE_SECRET_KEY (locally, from .env) or, in
 *   AWS, the SSM SecureString parameter named by STRIPE_SECRET_KEY_PARAMETER. Upgrades go through
 *   Stripe Checkout, the billing portal is offered and Stripe's webhook changes plans.
 * - `local`: no Stripe key, and not production: the clearly labelled local billing mode, where
 *   `POST /api/account/upgrade` switches plans directly.
 * - `unavailable`: production without Stripe: plans cannot be changed (never free upgrades).
 */
import type { BillingMode } from '@expiry-radar/shared/api/billing-api-schemas';
import {
  PLAN_PRICES_SETTING,
  planOfStripePrice,
  planPricesFromSetting,
  type PaidPlan,
  type PlanPrices,
} from '@expiry-radar/shared/domain/plan-prices';
import { getConfig, standInUrl } from '../platform/config';

export interface StripeBillingConfig {
  readonly secretKey: string | undefined;
  readonly secretKeyParameter: string | undefined;
  readonly webhookSecret: string | undefined;
  readonly webhookSecretParameter: string | undefined;
  /**
   * Each plan's price per billing period and the Stripe price id that bills it: the defaults of
   * shared/domain/plan-prices with the PLAN_PRICES setting (JSON) over them.
   */
  readonly planPrices: PlanPrices;
  /**
   * STRIPE_API_URL (`http://127.0.0.1:12111`): talk to a local Stripe stand-in instead of
   * api.stripe.com. Honoured only outside production (tests), or on a stand-in origin
   * (platform/stand-in-origins.ts: the deployment rehearsal's).
   */
  readonly apiUrl: URL | undefined;
}

function optional(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

/** The prices in force; throws, naming PLAN_PRICES, when the setting is not valid. */
export function readPlanPrices(): PlanPrices {
  return planPricesFromSetting(process.env[PLAN_PRICES_SETTING]);
}

export function readStripeBillingConfig(): StripeBillingConfig {
  const apiUrl = standInUrl('STRIPE_API_URL', getConfig().appEnv);
  return {
    secretKey: optional('STRIPE_SECRET_KEY'),
    secretKeyParameter: optional('STRIPE_SECRET_KEY_PARAMETER'),
    webhookSecret: optional('STRIPE_WEBHOOK_SECRET'),
    webhookSecretParameter: optional('STRIPE_WEBHOOK_SECRET_PARAMETER'),
    planPrices: readPlanPrices(),
    apiUrl: apiUrl ? new URL(apiUrl) : undefined,
  };
}

export function billingMode(config: StripeBillingConfig = readStripeBillingConfig()): BillingMode {
  if (config.secretKey || config.secretKeyParameter) return 'stripe';
  return getConfig().appEnv === 'production' ? 'unavailable' : 'local';
}

/** The paid plan a Stripe price id stands for (monthly or yearly), if it is one of ours. */
export function planOfPrice(config: StripeBillingConfig, priceId: string): PaidPlan | undefined {
  return planOfStripePrice(config.planPrices, priceId)?.plan;
}
