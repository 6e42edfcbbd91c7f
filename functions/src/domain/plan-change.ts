/**
 * What a plan change does to the workspaces a user owns (DESIGN.md "Plans"): every one takes the
 * owner's new plan; the oldest ones up to the new plan's `workspacesOwned` limit are active and
 * the newest beyond it are frozen (read-only, alerts paused). So a downgrade freezes the newest
 * workspaces and an upgrade unfreezes as many as the new limit allows. Tokens are never touched.
 */
import { comparePlans, PLAN_LIMITS, type Plan } from '@expiry-radar/shared/domain/plans';

export interface OwnedWorkspaceState {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly plan: Plan;
  readonly isFrozen: boolean;
}

export interface WorkspacePlanChange {
  readonly id: string;
  readonly name: string;
  readonly fromPlan: Plan;
  readonly wasFrozen: boolean;
  readonly isFrozen: boolean;
}

export interface PlanChangeOutcome {
  readonly fromPlan: Plan;
  readonly toPlan: Plan;
  readonly direction: 'upgrade' | 'downgrade' | 'same';
  /** Every owned workspace, oldest first, with its state after the change. */
  readonly workspaces: readonly WorkspacePlanChange[];
  readonly frozen: readonly WorkspacePlanChange[];
  /** Frozen before, active now. */
  readonly unfrozen: readonly WorkspacePlanChange[];
  /** Active before, frozen now. */
  readonly newlyFrozen: readonly WorkspacePlanChange[];
  /**
   * The user's `downgraded` flag after the change: set while any owned workspace is frozen (the
   * spec's notice asks to move tokens out of frozen workspaces), cleared when none is.
   */
  readonly downgraded: boolean;
}

/** Oldest first; equal creation times are ordered by id so the choice is stable. */
export function byAge(a: OwnedWorkspaceState, b: OwnedWorkspaceState): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function planChangeOutcome(options: {
  fromPlan: Plan;
  toPlan: Plan;
  owned: readonly OwnedWorkspaceState[];
}): PlanChangeOutcome {
  const { fromPlan, toPlan } = options;
  const limit = PLAN_LIMITS[toPlan].workspacesOwned;
  const ordered = [...options.owned].sort(byAge);
  const workspaces = ordered.map((workspace, index) => ({
    id: workspace.id,
    name: workspace.name,
    fromPlan: workspace.plan,
    wasFrozen: workspace.isFrozen,
    isFrozen: limit !== null && index >= limit,
  }));
  const frozen = workspaces.filter((workspace) => workspace.isFrozen);
  const order = comparePlans(toPlan, fromPlan);
  return {
    fromPlan,
    toPlan,
    direction: order > 0 ? 'upgrade' : order < 0 ? 'downgrade' : 'same',
    workspaces,
    frozen,
    unfrozen: workspaces.filter((workspace) => workspace.wasFrozen && !workspace.isFrozen),
    newlyFrozen: workspaces.filter((workspace) => !workspace.wasFrozen && workspace.isFrozen),
    downgraded: frozen.length > 0,
  };
}

/** Whether a workspace's item must be written: its plan or its frozen state changes. */
export function workspaceChanges(change: WorkspacePlanChange, toPlan: Plan): boolean {
  return change.fromPlan !== toPlan || change.wasFrozen !== change.isFrozen;
}
