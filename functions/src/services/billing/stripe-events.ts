/**
 * What Stripe's webhook events do: a completed checkout and subscription changes become plan
 * changes (change-plan.ts); other event types are acknowledged and ignored. Each event id is
 * handled once (billing-records.ts: a conditional put); a failed event gives its id back so
 * Stripe's retry handles it again.
 */
import type Stripe from 'stripe';
import { isPlan, type Plan } from '@expiry-radar/shared/domain/plans';
import { planOfPrice, type StripeBillingConfig } from '../../adapters/billing-config';
import { idOf } from '../../adapters/stripe-billing';
import { STRIPE_ACTOR } from '../../data/audit-events';
import {
  claimStripeEvent,
  findUserIdByStripeCustomer,
  linkStripeCustomer,
  releaseStripeEvent,
} from '../../data/billing-records';
import { logger } from '../../platform/logger';
import { changePlan } from './change-plan';
import { checkoutState } from './checkout-completion';

export type StripeEventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Subscription states that keep the paid plan (past_due: Stripe is still retrying the card). */
const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** Subscription states that end it: back to free. */
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

/** The plan a subscription stands for: from its price, else its metadata. */
function planOfSubscription(
  config: StripeBillingConfig,
  subscription: Stripe.Subscription,
): Plan | undefined {
  if (ENDED_STATUSES.has(subscription.status)) return 'free';
  if (!PAID_STATUSES.has(subscription.status)) return undefined;
  for (const item of subscription.items?.data ?? []) {
    const plan = planOfPrice(config, item.price.id);
    if (plan) return plan;
  }
  const fromMetadata = subscription.metadata?.plan;
  return isPlan(fromMetadata) ? fromMetadata : undefined;
}

async function userOfSubscription(subscription: Stripe.Subscription) {
  const fromMetadata = subscription.metadata?.userId;
  if (fromMetadata) return fromMetadata;
  const customerId = idOf(subscription.customer);
  return customerId ? findUserIdByStripeCustomer(customerId) : undefined;
}

async function applyEvent(
  config: StripeBillingConfig,
  event: Stripe.Event,
  now: Date,
): Promise<'applied' | 'ignored'> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const result = checkoutState(event.data.object);
      if (result.state !== 'paid') return 'ignored';
      const { userId, plan, customerId, subscriptionId } = result.checkout;
      if (customerId) await linkStripeCustomer({ customerId, userId, now });
      const changed = await changePlan({
        userId,
        plan,
        source: 'stripe_webhook',
        actor: STRIPE_ACTOR,
        now,
        stripe: {
          customerId: customerId ?? undefined,
          subscriptionId: subscriptionId ?? undefined,
          eventCreated: event.created,
        },
      });
      return changed?.changed ? 'applied' : 'ignored';
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const userId = await userOfSubscription(subscription);
      const plan =
        event.type === 'customer.subscription.deleted'
          ? 'free'
          : planOfSubscription(config, subscription);
      if (!userId || !plan) return 'ignored';
      const changed = await changePlan({
        userId,
        plan,
        source: 'stripe_webhook',
        actor: STRIPE_ACTOR,
        now,
        stripe: {
          customerId: idOf(subscription.customer) ?? undefined,
          eventCreated: event.created,
          onlyForSubscription: subscription.id,
        },
      });
      return changed?.changed ? 'applied' : 'ignored';
    }
    default:
      return 'ignored';
  }
}

export async function handleStripeEvent(
  config: StripeBillingConfig,
  event: Stripe.Event,
  now: Date,
): Promise<StripeEventOutcome> {
  if (!(await claimStripeEvent({ eventId: event.id, type: event.type, now }))) return 'duplicate';
  try {
    const outcome = await applyEvent(config, event, now);
    logger.info('Stripe event handled', { eventId: event.id, type: event.type, outcome });
    return outcome;
  } catch (error) {
    await releaseStripeEvent(event.id).catch((releaseError: unknown) => {
      logger.error('Could not release a failed Stripe event', { eventId: event.id, releaseError });
    });
    throw error;
  }
}
