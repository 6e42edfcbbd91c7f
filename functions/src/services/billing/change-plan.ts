/**
 * The plan change use case, shared by the local billing mode, the checkout confirmation, Stripe's
 * webhook and the changes of what a user owns (a workspace deleted, or taken over from an owner
 * who deleted their account): the user's plan and every owned workspace's plan (a workspace's
 * plan is its owner's), the workspaces beyond the plan's limits frozen (more tokens or members
 * than it allows, or the newest beyond its number of workspaces) and the others unfrozen
 * (domain/plan-change), `downgraded` set while any is frozen, alerts re-armed where the plan
 * changed what they are scheduled from, and audit events. Tokens are never deleted.
 *
 * Idempotent: applying the same plan again writes nothing and records nothing.
 */
import type { Plan } from '@expiry-radar/shared/domain/plans';
import {
  planChangeOutcome,
  workspaceChanges,
  type PlanChangeOutcome,
} from '../../domain/plan-change';
import { rearmWorkspaceAlerts } from '../../data/alert-arming';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import {
  readOwnedWorkspaceStates,
  readPlanHolder,
  writeUserPlan,
  writeWorkspacePlan,
  type PlanHolder,
  type StripeLink,
} from '../../data/plan-records';
import { logger } from '../../platform/logger';

export type PlanChangeSource =
  | 'local_billing'
  | 'checkout'
  | 'stripe_webhook'
  /** No new plan: an owned workspace went away, so what is frozen is settled again. */
  | 'workspace_deleted'
  /** No new plan: the user took over a workspace whose owner deleted their account. */
  | 'ownership_transferred';

export interface PlanChangeResult extends PlanChangeOutcome {
  /** False when the user already had this plan and nothing needed writing, or it was stale. */
  readonly changed: boolean;
  /**
   * Not applied because Stripe told us something newer already (an event older than the last one
   * applied, or about a subscription that is no longer the user's).
   */
  readonly stale: boolean;
}

export async function changePlan(options: {
  userId: string;
  plan: Plan;
  source: PlanChangeSource;
  /** Who made the change, for the audit trail (the user, or Stripe for webhook events). */
  actor: { readonly id: string; readonly email: string | null };
  now: Date;
  /** What Stripe says: the customer, subscription and event behind this change. */
  stripe?: StripeLink & {
    /** Apply only if this is the user's subscription (or they have none on record). */
    readonly onlyForSubscription?: string;
  };
}): Promise<PlanChangeResult | undefined> {
  const { userId, plan, now, stripe } = options;
  const holder = await readPlanHolder(userId);
  if (!holder) return undefined;
  const owned = await readOwnedWorkspaceStates(userId);
  const outcome = planChangeOutcome({ fromPlan: holder.plan, toPlan: plan, owned });
  if (isStale(holder, stripe)) return { ...outcome, changed: false, stale: true };
  const toWrite = outcome.workspaces.filter((workspace) => workspaceChanges(workspace, plan));
  const stripeChanged =
    (stripe?.customerId !== undefined && stripe.customerId !== holder.stripeCustomerId) ||
    (stripe?.subscriptionId !== undefined &&
      stripe.subscriptionId !== holder.stripeSubscriptionId) ||
    (stripe?.eventCreated !== undefined && stripe.eventCreated !== holder.stripeEventCreated);
  const changed =
    holder.plan !== plan ||
    holder.downgraded !== outcome.downgraded ||
    toWrite.length > 0 ||
    stripeChanged;
  if (!changed) return { ...outcome, changed: false, stale: false };

  const written = [];
  for (const workspace of toWrite) {
    const ok = await writeWorkspacePlan({
      workspaceId: workspace.id,
      ownerId: userId,
      plan,
      isFrozen: workspace.isFrozen,
      now,
    });
    if (ok) written.push(workspace);
  }
  await writeUserPlan({
    userId,
    plan,
    downgraded: outcome.downgraded,
    stripe,
    now,
  });

  // Thresholds depend on the plan (contact groups are paid), and an unfrozen workspace's missed
  // windows should fire now rather than at the scan's next daily look. Frozen ones stay paused.
  for (const workspace of written.filter((candidate) => !candidate.isFrozen)) {
    await rearmWorkspaceAlerts(workspace.id, now).catch((error: unknown) => {
      logger.warn('Re-arming alerts after a plan change failed', {
        workspaceId: workspace.id,
        error,
      });
    });
  }

  if (holder.plan !== plan) {
    await recordAuditEvent({
      scope: { type: 'user', userId },
      action: AUDIT_ACTIONS.planChanged,
      actor: options.actor,
      target: { type: 'user', id: userId, name: holder.email },
      plan,
      metadata: {
        from: holder.plan,
        to: plan,
        source: options.source,
        frozenWorkspaceIds: outcome.newlyFrozen.map((workspace) => workspace.id),
        unfrozenWorkspaceIds: outcome.unfrozen.map((workspace) => workspace.id),
      },
      now,
    });
  }
  for (const workspace of written) {
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId: workspace.id },
      action: AUDIT_ACTIONS.workspacePlanChanged,
      actor: options.actor,
      target: { type: 'workspace', id: workspace.id, name: workspace.name },
      plan,
      metadata: {
        from: workspace.fromPlan,
        to: plan,
        source: options.source,
        frozen: workspace.isFrozen,
        wasFrozen: workspace.wasFrozen,
        frozenFor: workspace.frozenFor,
      },
      now,
    });
  }
  return { ...outcome, changed: true, stale: false };
}

/**
 * After what a user owns changed, their plan staying: an owned workspace was deleted (a frozen
 * one may now fit the plan's limit and is unfrozen; with none frozen left, the downgraded notice
 * ends) or one was taken over (it gets the plan's limits like any other owned workspace).
 */
export async function settleOwnedWorkspaces(options: {
  userId: string;
  actor: { readonly id: string; readonly email: string | null };
  now: Date;
  source?: Extract<PlanChangeSource, 'workspace_deleted' | 'ownership_transferred'>;
}): Promise<PlanChangeResult | undefined> {
  const { source = 'workspace_deleted', ...rest } = options;
  const holder = await readPlanHolder(options.userId);
  if (!holder) return undefined;
  return changePlan({ ...rest, plan: holder.plan, source });
}

/**
 * Stripe does not promise to deliver events in order: one older than the last applied, or about
 * another subscription than the user's current one, must not undo a newer state.
 */
function isStale(holder: PlanHolder, stripe: Parameters<typeof changePlan>[0]['stripe']) {
  if (!stripe) return false;
  if (
    stripe.eventCreated !== undefined &&
    holder.stripeEventCreated !== null &&
    stripe.eventCreated < holder.stripeEventCreated
  ) {
    return true;
  }
  return Boolean(
    stripe.onlyForSubscription &&
    holder.stripeSubscriptionId &&
    stripe.onlyForSubscription !== holder.stripeSubscriptionId,
  );
}
