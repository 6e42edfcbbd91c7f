/**
 * What each plan costs per billing period, and the Stripe price that bills it. The defaults below
 * hold until the deployment's PLAN_PRICES setting overrides them: a JSON object
 * `{ "<plan>": { "<period>": { "amount": 19, "currency": "USD", "stripePriceId": "price_..." } } }`
 * for the paid plans, every part optional (what it gives replaces the default, the rest stays).
 * Amounts are in the currency's main unit (19 is $19.00). The free plan is always free.
 */
import * as z from 'zod';
import { PLANS, type Plan } from './plans';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'monthly';

export const billingPeriodSchema = z.enum(BILLING_PERIODS, {
  error: 'Please choose monthly or yearly billing',
});

export const BILLING_PERIOD_LABELS: Readonly<Record<BillingPeriod, string>> = {
  monthly: 'Monthly',
  yearly: 'Yearly',
};

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return typeof value === 'string' && (BILLING_PERIODS as readonly string[]).includes(value);
}

export type PaidPlan = Exclude<Plan, 'free'>;
export const PAID_PLANS = PLANS.filter((plan): plan is PaidPlan => plan !== 'free');

/** An amount in a currency (ISO 4217 code). */
export interface Price {
  readonly amount: number;
  readonly currency: string;
}

export interface PlanPrice extends Price {
  /** The Stripe price that bills it; null when it cannot be bought through Stripe. */
  readonly stripePriceId: string | null;
}

export type PlanPrices = Readonly<Record<Plan, Readonly<Record<BillingPeriod, PlanPrice>>>>;

/** The name of the setting (environment variable, and CDK context `planPrices`). */
export const PLAN_PRICES_SETTING = 'PLAN_PRICES';

function usd(amount: number): PlanPrice {
  return { amount, currency: 'USD', stripePriceId: null };
}

/** US dollars a month; a year costs ten months (two months free). */
export const DEFAULT_PLAN_PRICES: PlanPrices = {
  free: { monthly: usd(0), yearly: usd(0) },
  pro: { monthly: usd(19), yearly: usd(190) },
  team: { monthly: usd(79), yearly: usd(790) },
  enterprise: { monthly: usd(299), yearly: usd(2_990) },
};

const priceOverride = z.strictObject({
  amount: z
    .number({ error: 'amount must be a number' })
    .nonnegative('amount must not be negative')
    .max(1_000_000, 'amount must be at most 1000000')
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
      message: 'amount must have at most two decimals',
    })
    .optional(),
  currency: z
    .string({ error: 'currency must be a text' })
    .regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code such as USD')
    .optional(),
  stripePriceId: z
    .string({ error: 'stripePriceId must be a text' })
    .trim()
    .min(1, 'stripePriceId must not be empty')
    .max(255, 'stripePriceId must be at most 255 characters')
    .optional(),
});

const periodOverrides = z.strictObject({
  monthly: priceOverride.optional(),
  yearly: priceOverride.optional(),
});

/** The override of the paid plans' prices; the free plan has none. */
export const planPricesOverrideSchema = z.strictObject({
  pro: periodOverrides.optional(),
  team: periodOverrides.optional(),
  enterprise: periodOverrides.optional(),
});
export type PlanPricesOverride = z.infer<typeof planPricesOverrideSchema>;

/** The defaults with `override` laid over them. */
export function resolvePlanPrices(override: PlanPricesOverride | undefined): PlanPrices {
  const resolved = { ...DEFAULT_PLAN_PRICES };
  for (const plan of PAID_PLANS) {
    const given = override?.[plan];
    if (!given) continue;
    resolved[plan] = {
      monthly: { ...DEFAULT_PLAN_PRICES[plan].monthly, ...given.monthly },
      yearly: { ...DEFAULT_PLAN_PRICES[plan].yearly, ...given.yearly },
    };
  }
  return resolved;
}

/**
 * The override from a setting: a JSON text (an environment variable, `-c planPrices=...`) or an
 * object (cdk.json). Undefined when not set; throws an Error naming the setting and the problem.
 */
export function parsePlanPricesOverride(value: unknown): PlanPricesOverride | undefined {
  if (value === undefined || value === null) return undefined;
  let data: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return undefined;
    try {
      data = JSON.parse(value) as unknown;
    } catch {
      throw new Error(`${PLAN_PRICES_SETTING} must be a JSON object`);
    }
  }
  const result = planPricesOverrideSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new Error(`${PLAN_PRICES_SETTING}${where}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** The prices in force with a PLAN_PRICES setting (undefined or empty: the defaults). */
export function planPricesFromSetting(value: unknown): PlanPrices {
  return resolvePlanPrices(parsePlanPricesOverride(value));
}

/** Whether any paid plan can be bought through Stripe (it has a Stripe price id). */
export function hasStripePrices(prices: PlanPrices): boolean {
  return PAID_PLANS.some((plan) =>
    BILLING_PERIODS.some((period) => prices[plan][period].stripePriceId !== null),
  );
}

/** The paid plan and period a Stripe price id bills, if it is one of ours. */
export function planOfStripePrice(
  prices: PlanPrices,
  priceId: string,
): { plan: PaidPlan; period: BillingPeriod } | undefined {
  for (const plan of PAID_PLANS) {
    for (const period of BILLING_PERIODS) {
      if (prices[plan][period].stripePriceId === priceId) return { plan, period };
    }
  }
  return undefined;
}

/** What anyone may see of the prices: amounts and currencies (no Stripe ids). */
export function publicPlanPrices(prices: PlanPrices): Record<Plan, Record<BillingPeriod, Price>> {
  const entries = PLANS.map((plan) => [
    plan,
    Object.fromEntries(
      BILLING_PERIODS.map((period) => {
        const { amount, currency } = prices[plan][period];
        return [period, { amount, currency }];
      }),
    ) as Record<BillingPeriod, Price>,
  ]);
  return Object.fromEntries(entries) as Record<Plan, Record<BillingPeriod, Price>>;
}

export const FREE_PRICE_TEXT = 'Free';

/**
 * The amount in the locale's way of writing money ("$19", "$15.83", "19 €"): no decimals for a
 * whole amount; "Free" for nothing.
 */
export function formatPrice(price: Price, locale?: string): string {
  if (price.amount === 0) return FREE_PRICE_TEXT;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: price.currency,
    ...(Number.isInteger(price.amount)
      ? { minimumFractionDigits: 0, maximumFractionDigits: 0 }
      : {}),
  }).format(price.amount);
}

/** What a year's price comes to a month, rounded to the cent. */
export function monthlyEquivalent(yearly: Price): Price {
  return { amount: Math.round((yearly.amount * 100) / 12) / 100, currency: yearly.currency };
}

/**
 * The whole percentage a year saves against twelve months (17 for $190 against $19), 0 when it
 * saves nothing or the currencies differ.
 */
export function yearlySavingPercent(monthly: Price, yearly: Price): number {
  if (monthly.currency !== yearly.currency || monthly.amount === 0) return 0;
  const saving = 1 - yearly.amount / (monthly.amount * 12);
  return saving > 0 ? Math.round(saving * 100) : 0;
}
