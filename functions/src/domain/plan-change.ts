/**
 * What a plan change does to the workspaces a user owns: every one takes the owner's new plan,
 * and which stay active follows shared/domain/workspace-freezing: a workspace with more tokens or
 * members than the plan allows is frozen, and of the others the oldest owned up to the plan's
 * `workspacesOwned` limit are active and the newest beyond it frozen (read-only, alerts paused).
 * So a downgrade freezes the newest workspaces and an upgrade unfreezes what the new limits allow.
 * A workspace that changed owner counts from when its new owner got it. Tokens are never touched.
 */
import { comparePlans, type Plan } from '@expiry-radar/shared/domain/plans';
import {
  freezeReasons,
  type FreezeReason,
  type WorkspaceUsage,
} from '@expiry-radar/shared/domain/workspace-freezing';

export interface OwnedWorkspaceState extends WorkspaceUsage {
  readonly id: string;
  readonly name: string;
  /** When the user came to own it: its creation, or the transfer of its ownership to them. */
  readonly ownedSince: string;
  readonly plan: Plan;
  readonly isFrozen: boolean;
}

export interface WorkspacePlanChange {
  readonly id: string;
  readonly name: string;
  readonly fromPlan: Plan;
  readonly wasFrozen: boolean;
  readonly isFrozen: boolean;
  /** Why it is frozen after the change; null when active. */
  readonly frozenFor: FreezeReason | null;
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
   * "Account downgraded" notice asks to move tokens out of them), cleared when none is.
   */
  readonly downgraded: boolean;
}

/** Oldest owned first; equal times are ordered by id so the choice is stable. */
export function byAge(a: OwnedWorkspaceState, b: OwnedWorkspaceState): number {
  if (a.ownedSince !== b.ownedSince) return a.ownedSince < b.ownedSince ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function planChangeOutcome(options: {
  fromPlan: Plan;
  toPlan: Plan;
  owned: readonly OwnedWorkspaceState[];
}): PlanChangeOutcome {
  const { fromPlan, toPlan } = options;
  const ordered = [...options.owned].sort(byAge);
  const reasons = freezeReasons(toPlan, ordered);
  const workspaces = ordered.map((workspace, index) => {
    const frozenFor = reasons[index] ?? null;
    return {
      id: workspace.id,
      name: workspace.name,
      fromPlan: workspace.plan,
      wasFrozen: workspace.isFrozen,
      isFrozen: frozenFor !== null,
      frozenFor,
    };
  });
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
