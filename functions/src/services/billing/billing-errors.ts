import type { BillingPeriod } from '@expiry-radar/shared/domain/plan-prices';
import { PLAN_LABELS, type Plan } from '@expiry-radar/shared/domain/plans';
import { isStripeRequestError } from '../../adapters/stripe-billing';
import { AppError, badRequest } from '../../platform/app-error';
import { logger } from '../../platform/logger';

/**
 * Billing answers users can act on are 400s with a message (the web shows a 400's message; it
 * would show only "Request failed with status 409." for a 409).
 */
export const billingMessages = {
  unavailable: 'Plans cannot be changed here: card billing is not configured.',
  localMode:
    'Card billing is not configured here (local billing mode): plans change directly on the Billing page.',
  sameStripePlan: (plan: Plan) => `You are already on the ${PLAN_LABELS[plan]} plan.`,
  useThePortal:
    'Your plan is a subscription: change or cancel it in the billing portal (Manage billing).',
  noPrice: (plan: Plan, period: BillingPeriod) =>
    `The ${PLAN_LABELS[plan]} plan cannot be bought with ${period} billing here yet.`,
  noCustomer: 'You have no billing account yet: choose a paid plan first.',
  unknownSession: 'Unknown billing session.',
  checkoutIncomplete: 'This checkout is not complete.',
  paymentPending:
    'Your payment is still being processed; your plan changes as soon as it completes.',
} as const;

/**
 * Stripe errors about the request (unknown id, bad price) become a 400 with `message`; anything
 * else (Stripe unreachable, rate limited, our key refused) is a server-side failure, logged.
 */
export function mapStripeError(message: string) {
  return (error: unknown): never => {
    if (isStripeRequestError(error)) {
      logger.warn('Stripe refused a request', { stripeMessage: error.message, code: error.code });
      throw badRequest(message);
    }
    if (error instanceof AppError) throw error;
    logger.error('Stripe call failed', { error });
    throw new AppError('INTERNAL', 'The payment provider could not be reached. Please try again.');
  };
}
