/**
 * Permission predicates, used by the web (what to show) and the server (what to allow).
 * A missing or unknown role is allowed nothing.
 */
import type { Plan } from './plans';
import { PLAN_LIMITS, isPaidPlan } from './plans';
import type { Role } from './roles';

type MaybeRole = Role | null | undefined;

/** Admins and workspace managers edit; viewers are read-only. */
export function isEditorRole(role: MaybeRole): boolean {
  return role === 'admin' || role === 'workspace_manager';
}

export function canViewTokens(role: MaybeRole): boolean {
  return role === 'admin' || role === 'workspace_manager' || role === 'viewer';
}

export function canCreateToken(role: MaybeRole): boolean {
  return isEditorRole(role);
}

export function canEditToken(role: MaybeRole): boolean {
  return isEditorRole(role);
}

export function canRenewToken(role: MaybeRole): boolean {
  return isEditorRole(role);
}

export function canDeleteToken(role: MaybeRole): boolean {
  return isEditorRole(role);
}

/**
 * Per-token contact group: admin or workspace manager, in a workspace whose plan has contact
 * groups (pro, team; enterprise too, being above them).
 */
export function canSetContactGroup(role: MaybeRole, workspacePlan: Plan): boolean {
  return isEditorRole(role) && PLAN_LIMITS[workspacePlan].contactGroups;
}

export function canSeeUsage(role: MaybeRole): boolean {
  return isEditorRole(role);
}

export interface AuditVisibilityInput {
  /** The role in the selected workspace. */
  readonly role: MaybeRole;
  /** The signed-in user's own plan. */
  readonly userPlan: Plan;
  /** The selected workspace's plan (its owner's). */
  readonly workspacePlan: Plan;
}

/**
 * Audit and Workspaces links: for an admin on a paid plan; on the free plan only for a workspace
 * manager in a paid workspace.
 */
export function canSeeAuditAndWorkspaces({
  role,
  userPlan,
  workspacePlan,
}: AuditVisibilityInput): boolean {
  if (role === 'admin' && isPaidPlan(userPlan)) return true;
  return userPlan === 'free' && role === 'workspace_manager' && isPaidPlan(workspacePlan);
}

export function canManageMembers(role: MaybeRole): boolean {
  return isEditorRole(role);
}

export function canManageAlertSettings(role: MaybeRole): boolean {
  return isEditorRole(role);
}

export function canRenameOrDeleteWorkspace(role: MaybeRole): boolean {
  return role === 'admin';
}
