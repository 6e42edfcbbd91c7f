import type Stripe from 'stripe';
import { isPlan, type Plan } from '@expiry-radar/shared/domain/plans';
import { idOf } from '../../adapters/stripe-billing';

export interface CompletedCheckout {
  readonly userId: string;
  readonly plan: Exclude<Plan, 'free'>;
  readonly customerId: string | null;
  readonly subscriptionId: string | null;
}

export type CheckoutState =
  | { readonly state: 'paid'; readonly checkout: CompletedCheckout }
  | { readonly state: 'incomplete' | 'payment_pending' | 'not_ours' };

/**
 * What a Checkout session means for us: paid (or free of charge, e.g. a trial) for one of our
 * paid plans by one user; still open or expired; paid later (an asynchronous payment method); or
 * not one we started (no user or plan in its metadata).
 */
export function checkoutState(session: Stripe.Checkout.Session): CheckoutState {
  const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
  const plan = session.metadata?.plan;
  if (!userId || !isPlan(plan) || plan === 'free') return { state: 'not_ours' };
  if (session.status !== 'complete') return { state: 'incomplete' };
  if (session.payment_status === 'unpaid') return { state: 'payment_pending' };
  return {
    state: 'paid',
    checkout: {
      userId,
      plan,
      customerId: idOf(session.customer),
      subscriptionId: idOf(session.subscription),
    },
  };
}
