/** Plan, upgrade, billing return and usage. */
import * as z from 'zod';
import { billingPeriodSchema, DEFAULT_BILLING_PERIOD } from '../domain/plan-prices';
import { planSchema } from '../domain/plans';

/** `period` picks the Stripe price of the checkout (monthly when not given). */
export const upgradePlanBody = z.object({
  plan: z.enum(planSchema.options, { error: 'Please choose a plan' }),
  period: billingPeriodSchema.default(DEFAULT_BILLING_PERIOD),
});
/** With Stripe: `checkoutUrl` to open; in local billing mode the plan is switched directly. */
export const upgradePlanResponse = z.object({
  plan: planSchema,
  checkoutUrl: z.string().optional(),
});

export const confirmBillingBody = z.object({
  session_id: z
    .string({ error: 'Missing billing session' })
    .trim()
    .min(1, 'Missing billing session')
    .max(500, 'Invalid billing session'),
});

const priceSchema = z.object({ amount: z.number().nonnegative(), currency: z.string() });
const periodPricesSchema = z.object({ monthly: priceSchema, yearly: priceSchema });

/** `GET /api/plan-prices`: each plan's price per billing period, as the deployment sets them. */
export const planPricesResponse = z.object({
  prices: z.object({
    free: periodPricesSchema,
    pro: periodPricesSchema,
    team: periodPricesSchema,
    enterprise: periodPricesSchema,
  }),
});
export type PlanPricesResponse = z.infer<typeof planPricesResponse>;

export const billingPortalResponse = z.object({ url: z.string() });

/** Stripe's webhook answer. The body is raw (signature verified), so no body schema. */
export const stripeWebhookResponse = z.object({ received: z.literal(true) });

export const BILLING_MODES = ['stripe', 'local', 'unavailable'] as const;
export const billingModeSchema = z.enum(BILLING_MODES);
export type BillingMode = z.infer<typeof billingModeSchema>;

const limitValue = z.number().int().nullable();

export const planLimitsSchema = z.object({
  workspacesOwned: limitValue,
  tokensPerWorkspace: limitValue,
  membersPerWorkspace: limitValue,
  contactGroups: z.boolean(),
  webhooksPerWorkspace: limitValue,
  alertDeliveriesPerMonth: limitValue,
  auditRetentionDays: z.number().int(),
});

/**
 * `GET /api/account/plan`: the caller's plan, its limits and what they use of it: the workspaces
 * they own, with tokens and members (pending invitations count as members) in each.
 */
export const planResponse = z.object({
  plan: planSchema,
  limits: planLimitsSchema.optional(),
  /**
   * How plans change here: `stripe` (checkout and billing portal), `local` (no Stripe key, not
   * production: the local billing mode switches plans directly), `unavailable` (production
   * without Stripe: plans cannot be changed).
   */
  billingMode: billingModeSchema.optional(),
  usage: z
    .object({
      workspacesOwned: z.number().int().nonnegative(),
      workspaces: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          is_frozen: z.boolean(),
          tokens: z.number().int().nonnegative(),
          members: z.number().int().nonnegative(),
        }),
      ),
    })
    .optional(),
});
export type PlanResponse = z.infer<typeof planResponse>;

/**
 * `GET /api/organization/usage`: the caller's organization (the workspaces they own) against the
 * plan: alert deliveries this calendar month (UTC, `month` = `YYYY-MM`), tokens and members
 * (pending invitations included) in total and per workspace.
 */
export const organizationUsageResponse = z.object({
  plan: planSchema,
  limits: planLimitsSchema,
  usage: z.object({
    month: z.string(),
    workspacesOwned: z.number().int().nonnegative(),
    alertDeliveriesThisMonth: z.number().int().nonnegative(),
    tokens: z.number().int().nonnegative(),
    members: z.number().int().nonnegative(),
    /**
     * Seats: the people who hold a place in the owner's workspaces (each member once, each
     * pending invitation's address once), whatever the number of workspaces they are in.
     */
    seats: z.number().int().nonnegative(),
    /** Of them, the people the organization's identity provider provisioned and keeps active (SCIM). */
    provisionedSeats: z.number().int().nonnegative(),
  }),
  workspaces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      is_frozen: z.boolean(),
      tokens: z.number().int().nonnegative(),
      members: z.number().int().nonnegative(),
      webhooks: z.number().int().nonnegative(),
    }),
  ),
});
export type OrganizationUsage = z.infer<typeof organizationUsageResponse>;
