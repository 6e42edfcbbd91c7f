/**
 * Permission predicates, used by the web (what to show) and the server (what to allow).
 * A missing or unknown role is allowed nothing.
 */
import type { Plan } from './plans';
import { PLAN_LIMITS } from './plans';
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

/** The Integrations page and its routes: admins and workspace managers. */
export function canManageIntegrations(role: MaybeRole): boolean {
  return isEditorRole(role);
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

/** Every member may copy the workspace's calendar feed URL (it shows what they can see). */
export function canSeeCalendarFeed(role: MaybeRole): boolean {
  return canViewTokens(role);
}

/** Replacing the calendar feed's key cuts off every calendar subscribed with the old URL. */
export function canRotateCalendarFeed(role: MaybeRole): boolean {
  return isEditorRole(role);
}

/** Every member sees which certificate authorities the workspace's endpoint checks trust. */
export function canSeeTrustedCertificateAuthorities(role: MaybeRole): boolean {
  return canViewTokens(role);
}

/**
 * Trusting a certificate authority makes every endpoint it signs pass the checks, so only admins
 * add or remove one.
 */
export function canManageTrustedCertificateAuthorities(role: MaybeRole): boolean {
  return role === 'admin';
}

/**
 * The certificate transparency watch's domains, settings and Cert Spotter API key: admins (the
 * workspace's owner is one); every member sees them and the certificates seen.
 */
export function canManageWatchedDomains(role: MaybeRole): boolean {
  return role === 'admin';
}
