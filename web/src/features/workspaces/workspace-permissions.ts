/**
 * What the workspaces page offers, mirroring the server's rules (functions'
 * workspace-access and member-policy): admins and workspace managers manage members, every
 * other member may leave, only the admin renames or deletes, nobody changes the admin or their own role, and a frozen workspace
 * is read-only (it can still be deleted, and its tokens moved out).
 */
import type { Member, Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { ASSIGNABLE_ROLES } from '@expiry-radar/shared/api/workspace-api-schemas';
import {
  canManageMembers,
  canCreateToken,
  canManageTrustedCertificateAuthorities,
  canManageWatchedDomains,
  canRenameOrDeleteWorkspace,
  canViewTokens,
  isEditorRole,
} from '@expiry-radar/shared/domain/permissions';

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export function isAssignableRole(value: unknown): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly unknown[]).includes(value);
}

export function canRename(workspace: Workspace): boolean {
  return canRenameOrDeleteWorkspace(workspace.role) && !workspace.is_frozen;
}

/** Deleting is allowed while frozen: one way back under the plan's limit. */
export function canDelete(workspace: Workspace): boolean {
  return canRenameOrDeleteWorkspace(workspace.role);
}

/**
 * Hand the workspace to another member: its admin (the owner; the server refuses any other
 * admin), frozen too, since the new owner's plan may lift the freeze.
 */
export function canTransferOwnership(workspace: Workspace): boolean {
  return workspace.role === 'admin';
}

/** Invite, change roles, remove. */
export function canEditMembers(workspace: Workspace): boolean {
  return canManageMembers(workspace.role) && !workspace.is_frozen;
}

/** A role select for this row: not the admin, not oneself. */
export function canChangeRole(workspace: Workspace, member: Member, selfId: string): boolean {
  return canEditMembers(workspace) && member.role !== 'admin' && member.user_id !== selfId;
}

/** Leave (remove oneself): every member but the admin, viewers too; not while frozen. */
export function canLeave(workspace: Workspace): boolean {
  return canViewTokens(workspace.role) && workspace.role !== 'admin' && !workspace.is_frozen;
}

/** Remove someone else (or cancel their invitation), or leave: never the admin. */
export function canRemove(workspace: Workspace, member: Member, selfId: string): boolean {
  if (member.role === 'admin') return false;
  return member.user_id === selfId ? canLeave(workspace) : canEditMembers(workspace);
}

/** Who takes over a leaving or removed member's tokens changes tokens: admins and managers. */
export function canChooseSuccessor(workspace: Workspace): boolean {
  return isEditorRole(workspace.role);
}

/** Tokens can move from any workspace the user edits (frozen too) into an active one. */
export function canTransferFrom(workspace: Workspace): boolean {
  return isEditorRole(workspace.role);
}

export function canTransferInto(workspace: Workspace): boolean {
  return isEditorRole(workspace.role) && !workspace.is_frozen;
}

/** Add or remove trusted certificate authorities: the admin, not while frozen. */
export function canChangeTrustedCas(workspace: Workspace): boolean {
  return canManageTrustedCertificateAuthorities(workspace.role) && !workspace.is_frozen;
}

/** Add, change and remove watched domains and the Cert Spotter API key: the admin, not while frozen. */
export function canChangeWatchedDomains(workspace: Workspace): boolean {
  return canManageWatchedDomains(workspace.role) && !workspace.is_frozen;
}

/** "Add to inventory" creates a token: admins and workspace managers, not while frozen. */
export function canAddSeenCertificates(workspace: Workspace): boolean {
  return canCreateToken(workspace.role) && !workspace.is_frozen;
}
